/** The audit log screen, for the agency's Settings and a client's own account. */
export { AuditLogCard } from './components/audit-log-card';
export { AuditLogPanel } from './components/audit-log-panel';
