/** The agency's clients. */
export { registerClientListeners } from './clients.listeners';
export { createClient, updateClient } from './clients.service';
