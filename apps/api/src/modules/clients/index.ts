/** The agency's clients. */
export { createClient } from './clients.service';
