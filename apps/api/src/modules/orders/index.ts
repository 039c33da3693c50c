/** Storefront orders and their delivery. */
export { registerOrderListeners } from './orders.listeners';
export { readyForPayment, startDelivery } from './orders.service';
