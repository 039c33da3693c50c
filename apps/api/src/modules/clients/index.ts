/** The agency's clients. */
export { registerClientListeners } from './clients.listeners';
export { applySubscription, createClient, updateClient } from './clients.service';
export { activeClientCount, isActiveClient, monthlyRevenueSum, revenueOfClient } from './clients.queries';
