/** The agency's identity and settings (name, portal address, payment connection). */
export {
  agencyCompany,
  agencyName,
  agencyProfile,
  dashboardLink,
  issueInvoiceNumber,
  paymentConnection,
  portalUrl,
  updateAgencyProfile,
} from './agency.service';
