/** The audit log: who changed what, written in the transaction of each change, read by owners and a client's full-access login. */
export { changedFields, pruneAuditLog, recordAudit, recordExport, type AuditEntryInput, type AuditPerson, type AuditObject } from './audit.service';
