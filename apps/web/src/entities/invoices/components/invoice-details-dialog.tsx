import type { TInvoice, TInvoicePayment } from '@agency/contract';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui';
import type { TAudience } from '@/entities/audience';
import { cn } from '@/lib/cn';
import { formatDay, formatRelativeTime, formatUsdCents } from '@/lib/format';
import { invoiceDescription } from '../lib/invoice-text';
import { BillingDetailsLines, hasBillingDetails } from './bill-to';
import { InvoicePaymentHistory } from './invoice-payment-history';
import { CurrentInvoiceStatusBadge, DueDate, InvoiceStatusBadge } from './invoice-status';


type TRow = readonly [label: string, value: ReactNode];

const amount = (value: number) => <span className="font-semibold tabular-nums">{formatUsdCents(value)}</span>;
/** A part payment: what came in so far and what is still owed. */
const partlyPaid = (invoice: TInvoice): TRow[] =>
  invoice.amount_paid > 0 && invoice.amount_due > 0
    ? [
        ['Paid so far', <span className="tabular-nums">{formatUsdCents(invoice.amount_paid)}</span>],
        ['Balance due', amount(invoice.amount_due)],
      ]
    : [];
const refunded = (invoice: TInvoice): TRow[] =>
  invoice.refunded_amount > 0 ? [['Refunded', <span className="tabular-nums">{formatUsdCents(invoice.refunded_amount)}</span>]] : [];

/** The client's billing details, when it gave any. */
const billTo = (invoice: TInvoice): TRow[] => (hasBillingDetails(invoice) ? [['Bill to', <BillingDetailsLines invoice={invoice} />]] : []);

/** The agency's rows: the stored status, dates as the invoice's UTC day, how it was paid and the last reminder. */
function agencyRows(invoice: TInvoice): TRow[] {
  return [
    ['Client', invoice.client_name],
    ...billTo(invoice),
    ['Amount', amount(invoice.amount)],
    ...partlyPaid(invoice),
    ['Status', <InvoiceStatusBadge status={invoice.status} />],
    ['Due date', <DueDate invoice={invoice} />],
    ['Created', formatDay(invoice.created_at.slice(0, 10))],
    ...(invoice.paid_at ? [['Paid', formatDay(invoice.paid_at.slice(0, 10))] as const] : []),
    ...(invoice.paid_via
      ? [['Paid via', invoice.paid_via === 'card' ? `Card${invoice.payment_card ? ` · ${invoice.payment_card}` : ''}` : 'Manual (recorded payment)'] as const]
      : []),
    ...refunded(invoice),
    ...(invoice.reminder_sent_at ? [['Last reminder', formatRelativeTime(invoice.reminder_sent_at)] as const] : []),
    ['Description', invoice.description || <span className="text-fg-subtle">No description</span>],
  ];
}

/** The client's rows (client-and-public 2.8): what it is for, the status as of today, issued, due and paid days. */
function clientRows(invoice: TInvoice): TRow[] {
  return [
    ['Description', invoiceDescription(invoice)],
    ...billTo(invoice),
    ['Amount', amount(invoice.amount)],
    ...partlyPaid(invoice),
    ['Status', <CurrentInvoiceStatusBadge invoice={invoice} />],
    ['Issued', formatDay(invoice.created_at)],
    ['Due', formatDay(invoice.due_date)],
    ...(invoice.paid_at ? [['Paid', formatDay(invoice.paid_at)] as const] : []),
    ...(invoice.paid_via
      ? [['Paid with', invoice.paid_via === 'card' ? (invoice.payment_card ?? 'Card') : 'Paid to the agency directly'] as const]
      : []),
    ...refunded(invoice),
  ];
}

const ROWS: Record<TAudience, { rows: (invoice: TInvoice) => TRow[]; grid: string }> = {
  agency: { rows: agencyRows, grid: 'grid-cols-[8rem_1fr]' },
  client: { rows: clientRows, grid: 'grid-cols-[7.5rem_1fr]' },
};

/**
 * One invoice in full, for the admin's Invoices screen and the client's Billing alike; `footer` holds the reader's
 * actions (print, download, remind, record a payment; or download and Pay Now), and below the rows the payments the
 * agency recorded (with their reversals).
 */
export function InvoiceDetailsDialog({
  invoice,
  audience,
  footer,
  onClose,
  reverseAction,
}: {
  invoice: TInvoice;
  /** The agency's Reverse button on each recorded payment that still counts (staff who may reverse). */
  reverseAction?: (payment: TInvoicePayment) => ReactNode;
  /** The agency sees whom it bills, how it was paid and reminders; the client what it is for. */
  audience: TAudience;
  footer: ReactNode;
  onClose: () => void;
}) {
  const { rows, grid } = ROWS[audience];
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Invoice ${invoice.invoice_number}`} footer={footer}>
      <dl className="divide-y divide-border">
        {rows(invoice).map(([label, value]) => (
          <div key={label} className={cn('grid gap-3 py-2', grid)}>
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="min-w-0 text-sm break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <InvoicePaymentHistory invoiceId={invoice.id} audience={audience} {...(reverseAction ? { reverseAction } : {})} />
    </Dialog>
  );
}
