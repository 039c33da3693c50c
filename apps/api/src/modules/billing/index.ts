/** Subscriptions, payments and saved cards at the payment provider; what happens there arrives as payment events. */
export { renewSandboxSubscriptions } from './billing-events.service';
export { nextPaymentOf, type NextPayment } from './next-payment';
