import type { Actor } from '../../core/actor';
import { utcDate } from '../../core/clock';
import { toCsv } from '../../core/csv';
import { toNumeric } from '../../core/money';
import type { AppDeps } from '../../deps';
import * as q from './invoices.queries';
import { type InvoiceExportQuery, scopeOf, toFilters } from './invoices.service';

/** The export stops here; at 100k rows the file is about 10 MB. */
export const EXPORT_ROW_CAP = 100_000;

export const EXPORT_COLUMNS = [
  'invoice_number',
  'client',
  'description',
  'amount',
  'status',
  'created_at',
  'due_date',
  'paid_at',
  'paid_via',
  'refunded_amount',
  'amount_paid',
  'amount_due',
] as const;

/**
 * CSV of every invoice matching the list filters (no paging), capped at EXPORT_ROW_CAP rows; a client gets
 * its own invoices only (the billing screen's Export All).
 */
export async function exportInvoicesCsv(deps: AppDeps, actor: Actor, query: InvoiceExportQuery): Promise<{ filename: string; csv: string }> {
  const filters = toFilters(query);
  const now = deps.now();
  const rows = await q.exportInvoices(deps.db, scopeOf(actor), filters, utcDate(now), EXPORT_ROW_CAP);
  if (rows.length === EXPORT_ROW_CAP) deps.logger.warn({ cap: EXPORT_ROW_CAP }, 'invoice export truncated at the row cap');
  const records = rows.map((r) => [
    r.invoiceNumber,
    r.clientName,
    r.description ?? '',
    toNumeric(r.amount),
    r.status,
    r.createdAt.toISOString(),
    r.dueDate,
    r.paidAt ? r.paidAt.toISOString() : '',
    r.paidVia ?? '',
    toNumeric(r.refundedAmount),
    toNumeric(q.amountPaidOf(r)),
    toNumeric(q.amountDueOf(r)),
  ]);
  return { filename: `invoices-${utcDate(now)}.csv`, csv: toCsv(EXPORT_COLUMNS, records) };
}
