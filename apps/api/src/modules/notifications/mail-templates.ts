import { humanDate, utcDate } from '../../core/clock';
import { usd } from '../../core/money';
import { escapeHtml } from '../../core/text';
import type { InvoiceFacts } from '../../events/catalog';
import type { OutgoingMail } from './mail.service';

export interface InvoiceMailContext {
  agency: string;
  /** Where the client pays (PUBLIC_URL/dashboard#billing), when the public address is configured. */
  billingLink: string | undefined;
  now: Date;
}

/** The e-mail a client gets when an invoice is issued or when the agency reminds them of it. */
export function invoiceMail(kind: 'invoice_created' | 'invoice_reminder', to: string, inv: InvoiceFacts, ctx: InvoiceMailContext): OutgoingMail {
  const amount = usd(inv.amount);
  const due = humanDate(inv.dueDate);
  const subject =
    kind === 'invoice_created'
      ? `New invoice ${inv.invoiceNumber} from ${ctx.agency}`
      : `Payment reminder: invoice ${inv.invoiceNumber}`;
  const intro =
    kind === 'invoice_created'
      ? `${ctx.agency} has issued invoice ${inv.invoiceNumber} for ${amount}, due on ${due}.`
      : `This is a reminder that invoice ${inv.invoiceNumber} for ${amount} ${
          inv.dueDate < utcDate(ctx.now) ? 'was due' : 'is due'
        } on ${due} and has not been paid yet.`;
  const lines = [
    `Hello ${inv.clientName},`,
    '',
    intro,
    inv.description ? `Description: ${inv.description}` : '',
    ctx.billingLink ? `You can view and pay it in your portal: ${ctx.billingLink}` : 'You can view and pay it in your client portal (Billing).',
    '',
    `Thank you,`,
    ctx.agency,
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '');
  const html = lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n');
  return { to, subject, text: lines.join('\n'), html, kind };
}
