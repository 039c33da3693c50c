import type { z } from 'zod';
import type {
  TInvoice,
  TInvoiceFormParsed,
  TInvoiceSummary,
  TOverdueInvoices,
  TRecentPayments,
  TSendReminderResponse,
  ZInvoiceExportQuery,
  ZInvoiceListQuery,
} from '@agency/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { likePattern, pageWindow, paginatedResponse } from '../../http/pagination';
import type { AuthUser } from '../../http/request-context';
import { emailPreferenceAllows, sendMail, type OutgoingMail } from '../../integrations/mail';
import { notifyClient } from '../notifications/notifications.service';
import * as q from './invoices.queries';

export type InvoiceListQuery = z.output<typeof ZInvoiceListQuery>;
export type InvoiceExportQuery = z.output<typeof ZInvoiceExportQuery>;

export const DEFAULT_AGENCY_NAME = 'Northstar Social';
/** How many numbers past the clock a new invoice number may be bumped before giving up. */
const NUMBER_ATTEMPTS = 200;

// ---- Small helpers -------------------------------------------------------------------------------

export const nowOf = (deps: AppDeps) => deps.now?.() ?? new Date();
/** Today's calendar date in UTC, YYYY-MM-DD. */
export const utcDate = (d: Date) => d.toISOString().slice(0, 10);
export const round2 = (v: string | number) => Math.round(Number(v) * 100) / 100;

export function utcMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** A real calendar date (the format regex alone lets 2025-02-30 through). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const DAY_MS = 86_400_000;

export function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function scopeOf(caller: AuthUser): q.InvoiceScope {
  return caller.role === 'admin' ? { kind: 'all' } : { kind: 'client', clientId: caller.clientId };
}

export function toInvoiceDto(row: q.InvoiceRow, today: string): TInvoice {
  const status = row.status as TInvoice['status'];
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    client: row.clientId,
    client_name: row.clientName,
    amount: round2(row.amount),
    due_date: row.dueDate,
    description: row.description ?? null,
    status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    reminder_sent_at: row.reminderSentAt ? row.reminderSentAt.toISOString() : null,
    // The display rule: a pending invoice past its due date shows as overdue; the stored status stays pending.
    is_overdue: status === 'pending' && row.dueDate < today,
  };
}

/** The list/export query as SQL filters; impossible dates are a 400, not an empty list or a 500. */
export function toFilters(query: InvoiceExportQuery): q.InvoiceFilters {
  const errors: Record<string, string[]> = {};
  for (const key of ['created_from', 'created_to'] as const) {
    const value = query[key];
    if (value !== undefined && !isRealDate(value)) errors[key] = ['Enter a valid date (YYYY-MM-DD)'];
  }
  if (!errors.created_from && !errors.created_to && query.created_from && query.created_to && query.created_from > query.created_to) {
    errors.created_to = ['The end date must be on or after the start date'];
  }
  const first = Object.entries(errors)[0];
  if (first) throw new AppError('validation_error', `Invalid query: ${first[0]}: ${first[1][0]}`, errors);
  return {
    search: query.search ? likePattern(query.search) : undefined,
    status: query.status,
    client: query.client,
    createdFrom: query.created_from ? new Date(`${query.created_from}T00:00:00Z`) : undefined,
    // created_to is inclusive: everything before the next midnight (UTC).
    createdBefore: query.created_to ? new Date(Date.parse(`${query.created_to}T00:00:00Z`) + DAY_MS) : undefined,
    overdue: query.overdue,
    ordering: query.ordering,
  };
}

const notFound = () => new AppError('not_found', 'Invoice not found.');

/** E-mail must never break the change that triggered it. */
async function mailQuietly(deps: AppDeps, mail: OutgoingMail) {
  try {
    await sendMail(deps, mail);
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err), kind: mail.kind }, 'could not record e-mail');
  }
}

export async function agencyName(deps: AppDeps): Promise<string> {
  return (await q.firstAdminCompany(deps.db)) || DEFAULT_AGENCY_NAME;
}

function billingLink(deps: AppDeps): string | undefined {
  return deps.config.PUBLIC_URL ? `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/dashboard#billing` : undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function invoiceMail(
  deps: AppDeps,
  agency: string,
  to: string,
  kind: 'invoice_created' | 'invoice_reminder',
  inv: TInvoice,
): OutgoingMail {
  const amount = usd(inv.amount);
  const link = billingLink(deps);
  const subject =
    kind === 'invoice_created'
      ? `New invoice ${inv.invoice_number} from ${agency}`
      : `Payment reminder: invoice ${inv.invoice_number}`;
  const intro =
    kind === 'invoice_created'
      ? `${agency} has issued invoice ${inv.invoice_number} for ${amount}, due on ${inv.due_date}.`
      : `This is a reminder that invoice ${inv.invoice_number} for ${amount} ${
          inv.due_date < utcDate(nowOf(deps)) ? 'was due' : 'is due'
        } on ${inv.due_date} and has not been paid yet.`;
  const lines = [
    `Hello ${inv.client_name},`,
    '',
    intro,
    inv.description ? `Description: ${inv.description}` : '',
    link ? `You can view and pay it in your portal: ${link}` : 'You can view and pay it in your client portal (Billing).',
    '',
    `Thank you,`,
    agency,
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '');
  const html = lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n');
  return { to, subject, text: lines.join('\n'), html, kind };
}

// ---- Reads ---------------------------------------------------------------------------------------

export async function listInvoices(deps: AppDeps, caller: AuthUser, query: InvoiceListQuery, req: { originalUrl: string }) {
  const filters = toFilters(query);
  const today = utcDate(nowOf(deps));
  const scope = scopeOf(caller);
  const [rows, total] = await Promise.all([
    q.listInvoices(deps.db, scope, filters, today, pageWindow(query)),
    q.countInvoices(deps.db, scope, filters, today),
  ]);
  return paginatedResponse(req, query, total, rows.map((r) => toInvoiceDto(r, today)));
}

async function loadInvoice(deps: AppDeps, scope: q.InvoiceScope, id: number): Promise<TInvoice> {
  const row = await q.findInvoice(deps.db, scope, id);
  if (!row) throw notFound();
  return toInvoiceDto(row, utcDate(nowOf(deps)));
}

/** One invoice; another client's invoice is a 404 (never a 403). */
export async function getInvoice(deps: AppDeps, caller: AuthUser, id: number): Promise<TInvoice> {
  return loadInvoice(deps, scopeOf(caller), id);
}

export async function getSummary(deps: AppDeps, caller: AuthUser): Promise<TInvoiceSummary> {
  const s = await q.invoiceSummary(deps.db, scopeOf(caller), utcMonth(nowOf(deps)));
  return {
    total_revenue: round2(s.totalRevenue),
    paid_count: s.paidCount,
    pending_amount: round2(s.pendingAmount),
    pending_count: s.pendingCount,
    overdue_amount: round2(s.overdueAmount),
    overdue_count: s.overdueCount,
    collected_this_month: round2(s.collectedThisMonth),
  };
}

export async function getRecentPayments(deps: AppDeps, limit: number): Promise<TRecentPayments> {
  const today = utcDate(nowOf(deps));
  const rows = await q.recentPayments(deps.db, limit);
  return { results: rows.map((r) => toInvoiceDto(r, today)) };
}

export async function getOverdueInvoices(deps: AppDeps, limit: number): Promise<TOverdueInvoices> {
  const today = utcDate(nowOf(deps));
  const [rows, total] = await Promise.all([
    q.overdueInvoices(deps.db, today, limit),
    q.countOverdueInvoices(deps.db, today),
  ]);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  return {
    count: total,
    results: rows.map((r) => ({
      ...toInvoiceDto(r, today),
      days_overdue: Math.max(0, Math.round((todayMs - Date.parse(`${r.dueDate}T00:00:00Z`)) / DAY_MS)),
    })),
  };
}

// ---- Changes -------------------------------------------------------------------------------------

/**
 * Creates a pending invoice for an active (not archived) client. Without a number the server issues
 * INV-<epoch ms>, bumped by one until free (so two invoices in the same millisecond still differ);
 * a number that is taken is a 409.
 */
export async function createInvoice(deps: AppDeps, input: TInvoiceFormParsed): Promise<TInvoice> {
  if (!isRealDate(input.due_date)) {
    throw new AppError('validation_error', 'Invalid body: due_date: Enter a valid date', { due_date: ['Enter a valid date'] });
  }
  const client = await q.findClient(deps.db, input.client);
  if (!client) throw new AppError('bad_request', 'Client not found.', { client: ['Client not found.'] });
  if (client.archivedAt) {
    throw new AppError('bad_request', 'This client is archived; invoices cannot be created for it.', {
      client: ['This client is archived.'],
    });
  }
  const now = nowOf(deps);
  const values = {
    clientId: client.id,
    amount: input.amount.toFixed(2),
    dueDate: input.due_date,
    description: input.description ? input.description : null,
  };

  const invoiceId = await deps.db.transaction(async (tx) => {
    let id: number | undefined;
    let invoiceNumber: string;
    if (input.invoice_number) {
      invoiceNumber = input.invoice_number;
      id = await q.insertInvoiceIfNumberFree(tx, { ...values, invoiceNumber }, now);
      if (id === undefined) {
        throw new AppError('conflict', `An invoice with the number ${invoiceNumber} already exists.`, {
          invoice_number: ['already exists'],
        });
      }
    } else {
      const base = now.getTime();
      for (let i = 0; i < NUMBER_ATTEMPTS && id === undefined; i++) {
        invoiceNumber = `INV-${base + i}`;
        id = await q.insertInvoiceIfNumberFree(tx, { ...values, invoiceNumber }, now);
      }
      if (id === undefined) throw new AppError('service_unavailable', 'Could not issue an invoice number. Please try again.');
    }
    await notifyClient(
      deps,
      client.id,
      {
        title: 'New invoice',
        message: `Invoice ${invoiceNumber!} for ${usd(Number(values.amount))} is due on ${values.dueDate}.`,
        type: 'warning',
        link: '#billing',
      },
      tx,
    );
    return id;
  });

  const invoice = await loadInvoice(deps, { kind: 'all' }, invoiceId);
  deps.events.emit('invoice.changed', { invoiceId, clientId: client.id, change: 'created' });
  if (client.userId && client.userEmail && (await emailPreferenceAllows(deps.db, client.userId, 'email_invoices'))) {
    await mailQuietly(deps, invoiceMail(deps, await agencyName(deps), client.userEmail, 'invoice_created', invoice));
  }
  return invoice;
}

/**
 * Mark as paid is allowed only on pending invoices (spec section 4); paid or stored-overdue ones are a 409.
 * When the client then owes nothing else (no pending or overdue invoice), its payment_status becomes paid.
 */
export async function markPaid(deps: AppDeps, id: number): Promise<TInvoice> {
  const now = nowOf(deps);
  const clientId = await deps.db.transaction(async (tx) => {
    const paidId = await q.markPaidIfPending(tx, id, now);
    const row = await q.findInvoice(tx, { kind: 'all' }, id);
    if (!row) throw notFound();
    if (paidId === undefined) {
      throw new AppError(
        'conflict',
        row.status === 'paid'
          ? `Invoice ${row.invoiceNumber} is already paid.`
          : `Only pending invoices can be marked as paid; invoice ${row.invoiceNumber} is ${row.status}.`,
      );
    }
    if ((await q.countUnpaidInvoicesOfClient(tx, row.clientId)) === 0) {
      await q.setClientPaymentStatus(tx, row.clientId, 'paid', now);
    }
    await notifyClient(
      deps,
      row.clientId,
      {
        title: 'Payment received',
        message: `Invoice ${row.invoiceNumber} (${usd(round2(row.amount))}) is marked as paid. Thank you!`,
        type: 'success',
        link: '#billing',
      },
      tx,
    );
    return row.clientId;
  });
  deps.events.emit('invoice.changed', { invoiceId: id, clientId, change: 'paid' });
  return loadInvoice(deps, { kind: 'all' }, id);
}

/**
 * Reminds the client of an unpaid (pending or overdue) invoice: an in-app notification always, an e-mail
 * unless the client's user turned invoice e-mails off (a client without a login is written to at its own
 * e-mail address), and the time is recorded.
 */
export async function sendReminder(deps: AppDeps, id: number): Promise<TSendReminderResponse> {
  const row = await q.findInvoice(deps.db, { kind: 'all' }, id);
  if (!row) throw notFound();
  if (row.status === 'paid') throw new AppError('conflict', `Invoice ${row.invoiceNumber} is already paid; no reminder sent.`);
  const now = nowOf(deps);
  const invoice = toInvoiceDto(row, utcDate(now));
  const client = await q.findClient(deps.db, row.clientId);

  const sentAt = await deps.db.transaction(async (tx) => {
    const at = await q.setReminderSentAt(tx, id, now);
    if (!at) throw new AppError('conflict', `Invoice ${row.invoiceNumber} is already paid; no reminder sent.`);
    await notifyClient(
      deps,
      row.clientId,
      {
        title: 'Payment reminder',
        message: `Invoice ${row.invoiceNumber} for ${usd(invoice.amount)} ${
          invoice.is_overdue || invoice.status === 'overdue' ? 'is overdue' : 'is due on ' + row.dueDate
        }. Please arrange payment.`,
        type: 'warning',
        link: '#billing',
      },
      tx,
    );
    return at;
  });
  deps.events.emit('invoice.changed', { invoiceId: id, clientId: row.clientId, change: 'reminded' });

  if (client) {
    let to: string | null = null;
    if (client.userId && client.userEmail) {
      if (await emailPreferenceAllows(deps.db, client.userId, 'email_invoices')) to = client.userEmail;
    } else if (client.email) {
      to = client.email;
    }
    if (to) await mailQuietly(deps, invoiceMail(deps, await agencyName(deps), to, 'invoice_reminder', invoice));
  }
  return {
    detail: `Reminder sent to ${row.clientName} for invoice ${row.invoiceNumber}`,
    reminder_sent_at: sentAt.toISOString(),
  };
}
