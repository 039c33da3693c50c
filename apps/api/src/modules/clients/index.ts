/** The agency's clients. */
export { createClient, updateClient } from './clients.service';
