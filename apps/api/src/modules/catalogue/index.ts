/** The catalogue the server sells from (plans and growth packages, with their prices): billing and orders read it here. */
export { loadCatalogue, monthlyEquivalent, priceOf, requirePrice, toBillingPlanDto, type PlanPrice } from './catalogue.service';
