/** Invoices and what clients owe: the only writer of invoices, and the rule of a client's payment status. */
export { getBillingSettings } from './billing-settings.service';
export { paidRevenue } from './collected.queries';
export { recordPaymentSucceeded } from './invoice-payments.service';
export { registerInvoiceListeners } from './invoices.listeners';
export { amountDueSql, countOverdueInvoices, netPaidAmount, paymentStatusFromInvoices, unpaidInvoiceCount } from './invoices.queries';
export { createInvoice, issuePaidOrderInvoice, markPaid, recordPayment, reversePayment, sendReminder } from './invoices.service';
