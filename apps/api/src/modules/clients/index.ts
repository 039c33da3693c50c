/** The agency's clients. */
export { registerClientListeners } from './clients.listeners';
export { createClient, recordInvoicePaymentStatus, updateClient } from './clients.service';
