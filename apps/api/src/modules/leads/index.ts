/** Contact-form leads: their routes (mounted by api.router), and the services the demo seed makes its leads through. */
export { submitContact, updateLead } from './leads.service';
