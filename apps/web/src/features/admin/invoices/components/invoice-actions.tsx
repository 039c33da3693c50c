import type { TInvoice } from '@agency/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Banknote, Download, Eye, MoreHorizontal, Printer, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { offersRecordPayment, offersReminder, type TInvoiceActions } from '../use-invoice-actions';

/**
 * An icon button named `label`; with `text` (phone cards) it shows that text and is named "<text> <subject>" instead,
 * so its name starts with what it shows (WCAG 2.5.3 Label in Name) and still says which invoice it acts on.
 */
function IconAction({
  label,
  subject,
  onClick,
  busy,
  children,
  text,
}: {
  label: string;
  subject: string;
  onClick: () => void;
  busy?: boolean;
  children: ReactNode;
  text?: string;
}) {
  return (
    <Button
      variant="ghost"
      size={text ? 'sm' : 'icon'}
      aria-label={text ? undefined : label}
      title={label}
      onClick={onClick}
      disabled={busy}
    >
      {busy ? <Spinner size="sm" label={null} /> : children}
      {text && (
        <>
          {text}
          <span className="sr-only"> {subject}</span>
        </>
      )}
    </Button>
  );
}

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm text-fg outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/** Table rows: View details and Record Payment inline; Send Reminder, Download PDF and Print in a menu. */
export function InvoiceRowActions({ invoice, actions }: { invoice: TInvoice; actions: TInvoiceActions }) {
  const n = invoice.invoice_number;
  const busy =
    actions.busy.reminding === invoice.id || actions.busy.downloading === invoice.id;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <IconAction label={`View details of ${n}`} subject={n} onClick={() => actions.view(invoice)}>
        <Eye aria-hidden className="h-4 w-4" />
      </IconAction>
      {offersRecordPayment(invoice, actions) ? (
        <IconAction label={`Record a payment on ${n}`} subject={n} onClick={() => actions.recordPayment(invoice)}>
          <Banknote aria-hidden className="h-4 w-4 text-success-600" />
        </IconAction>
      ) : (
        <span aria-hidden className="inline-block h-10 w-10" />
      )}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${n}`} title="More actions" disabled={busy}>
            {busy ? <Spinner size="sm" label={null} /> : <MoreHorizontal aria-hidden className="h-4 w-4" />}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-44 rounded-md border border-border bg-surface p-1 shadow-overlay"
          >
            {offersReminder(invoice, actions) && (
              <DropdownMenu.Item className={menuItem} onSelect={() => actions.sendReminder(invoice)}>
                <Send aria-hidden className="h-4 w-4" />
                Send Reminder
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={menuItem} onSelect={() => actions.downloadPdf(invoice)}>
              <Download aria-hidden className="h-4 w-4" />
              Download PDF
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItem} onSelect={() => actions.print(invoice)}>
              <Printer aria-hidden className="h-4 w-4" />
              Print
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

/**
 * View details, Record Payment and Send Reminder (pending only), Download PDF, Print.
 * `compact` shows icons only (table rows); otherwise short labels (phone cards).
 */
export function InvoiceActions({ invoice, actions, compact = true }: { invoice: TInvoice; actions: TInvoiceActions; compact?: boolean }) {
  const n = invoice.invoice_number;
  const text = (s: string) => (compact ? undefined : s);
  const icon = 'h-4 w-4';
  return (
    <div className={cn('flex items-center', compact ? 'justify-end gap-0.5' : 'flex-wrap gap-1')}>
      <IconAction label={`View details of ${n}`} subject={n} onClick={() => actions.view(invoice)} {...opt(text('Details'))}>
        <Eye aria-hidden className={icon} />
      </IconAction>
      {offersRecordPayment(invoice, actions) && (
        <IconAction label={`Record a payment on ${n}`} subject={n} onClick={() => actions.recordPayment(invoice)} {...opt(text('Record Payment'))}>
          <Banknote aria-hidden className={cn(icon, 'text-success-600')} />
        </IconAction>
      )}
      {offersReminder(invoice, actions) && (
        <IconAction
          label={`Send Reminder for ${n}`}
          subject={n}
          onClick={() => actions.sendReminder(invoice)}
          busy={actions.busy.reminding === invoice.id}
          {...opt(text('Remind'))}
        >
          <Send aria-hidden className={icon} />
        </IconAction>
      )}
      <IconAction
        label={`Download PDF of ${n}`}
        subject={n}
        onClick={() => actions.downloadPdf(invoice)}
        busy={actions.busy.downloading === invoice.id}
        {...opt(text('PDF'))}
      >
        <Download aria-hidden className={icon} />
      </IconAction>
      <IconAction label={`Print ${n}`} subject={n} onClick={() => actions.print(invoice)} {...opt(text('Print'))}>
        <Printer aria-hidden className={icon} />
      </IconAction>
    </div>
  );
}

function opt(text: string | undefined) {
  return text === undefined ? {} : { text };
}
