/** The overview figures. */
export { paidRevenue } from './dashboard.queries';
