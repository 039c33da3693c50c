/** The agency's identity and settings (name, portal address, payment connection). */
export { agencyCompany, agencyName, dashboardLink, DEFAULT_AGENCY_NAME, paymentConnection, portalUrl } from './agency.service';
