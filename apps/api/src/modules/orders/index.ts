/** Storefront orders and their delivery. */
export { registerOrderListeners } from './orders.listeners';
export { createOrder, payOrder, readyForPayment, startDelivery, updateOrderLine } from './orders.service';
export { createPromoCode, updatePromoCode } from './promo-codes.service';
