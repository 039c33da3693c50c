import type { TInvoice } from '@agency/contract';
import type { Actor } from '../../core/actor';
import { humanDate } from '../../core/clock';
import { AppError } from '../../core/errors';
import { usd } from '../../core/money';
import type { AppDeps } from '../../deps';
import { PDF_COLORS, pdfFooter, pdfHeader, pdfRule, pdfSafe, renderPdf } from '../../integrations/pdf';
import { agencyProfile } from '../agency';
import * as q from './invoices.queries';
import { getInvoice } from './invoices.service';

const STATUS_LABEL: Record<TInvoice['status'], string> = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue', refunded: 'Refunded' };

export interface InvoicePdfParty {
  agency: string;
  /** The agency's address and contact details from Settings → Agency (any may be missing). */
  agencyContact: { address: string | null; email: string | null; phone: string | null; website: string | null };
  /** The client's billing details (Settings → Billing details) print under its name, the address line by line. */
  client: { name: string; company: string; email: string; billingAddress?: string | null; taxId?: string | null };
}

/** The agency's contact lines under its name: the address on one line, then e-mail · phone, then the website. */
function contactLines(contact: InvoicePdfParty['agencyContact']): string[] {
  const address = contact.address?.split(/\s*\n\s*/).filter(Boolean).join(', ');
  const reach = [contact.email, contact.phone].filter(Boolean).join(' · ');
  return [address, reach, contact.website].filter((line): line is string => !!line).map(pdfSafe);
}

/** A one-page invoice document. */
export async function renderInvoicePdf(rawInvoice: TInvoice, rawParty: InvoicePdfParty): Promise<Buffer> {
  const invoice = {
    ...rawInvoice,
    client_name: pdfSafe(rawInvoice.client_name),
    description: rawInvoice.description === null ? null : pdfSafe(rawInvoice.description),
  };
  const party = {
    agency: pdfSafe(rawParty.agency),
    client: {
      name: pdfSafe(rawParty.client.name),
      company: pdfSafe(rawParty.client.company),
      email: pdfSafe(rawParty.client.email),
      addressLines: (rawParty.client.billingAddress ?? '').split(/\r?\n/).map((line) => pdfSafe(line.trim())).filter(Boolean),
      taxId: rawParty.client.taxId ? pdfSafe(rawParty.client.taxId) : null,
    },
  };
  const info = {
    title: `Invoice ${invoice.invoice_number}`,
    author: party.agency,
    subject: `Invoice ${invoice.invoice_number} for ${invoice.client_name}`,
  };
  return renderPdf(info, (doc, page) => {
    const { left, right, width } = page;
    const { ink, muted } = PDF_COLORS;

    // Header: agency (with its address and contact) on the left, INVOICE on the right.
    pdfHeader(doc, page, { agency: party.agency, agencySize: 20, title: 'INVOICE', titleSize: 26 });
    doc.font('Helvetica').fontSize(10).fillColor(muted).text(invoice.invoice_number, left + width / 2, 80, {
      width: width / 2,
      align: 'right',
    });
    let headerBottom = 80;
    doc.font('Helvetica').fontSize(9).fillColor(muted);
    for (const line of contactLines(rawParty.agencyContact)) {
      doc.text(line, left, headerBottom, { width: width / 2 - 10 });
      headerBottom = doc.y;
    }
    const ruleY = Math.max(110, headerBottom + 10);
    pdfRule(doc, page, ruleY);

    // Bill to (left) and invoice details (right).
    const top = ruleY + 20;
    doc.fillColor(muted).font('Helvetica-Bold').fontSize(9).text('BILL TO', left, top);
    doc.fillColor(ink).font('Helvetica-Bold').fontSize(12).text(party.client.name, left, top + 14, { width: width / 2 - 10 });
    doc.font('Helvetica').fontSize(10);
    if (party.client.company) doc.text(party.client.company, { width: width / 2 - 10 });
    for (const line of party.client.addressLines) doc.text(line, { width: width / 2 - 10 });
    if (party.client.taxId) doc.text(`Tax ID: ${party.client.taxId}`, { width: width / 2 - 10 });
    if (party.client.email) doc.fillColor(muted).text(party.client.email, { width: width / 2 - 10 });

    const details: [string, string][] = [
      ['Invoice number', invoice.invoice_number],
      ['Issue date', humanDate(invoice.created_at, 'long')],
      ['Due date', humanDate(invoice.due_date, 'long')],
      ['Status', invoice.is_overdue ? 'Overdue' : STATUS_LABEL[invoice.status]],
    ];
    if (invoice.paid_at) details.push(['Paid on', humanDate(invoice.paid_at, 'long')]);
    let y = top;
    const labelX = left + width / 2;
    for (const [label, value] of details) {
      doc.fillColor(muted).font('Helvetica').fontSize(10).text(label, labelX, y, { width: 100 });
      doc.fillColor(ink).font('Helvetica-Bold').text(value, labelX + 100, y, { width: width / 2 - 100, align: 'right' });
      y += 18;
    }

    // Line items.
    y = Math.max(y, doc.y) + 30;
    doc.rect(left, y, width, 24).fill(PDF_COLORS.shade);
    doc.fillColor(muted).font('Helvetica-Bold').fontSize(9);
    doc.text('DESCRIPTION', left + 10, y + 8, { width: width - 160 });
    doc.text('AMOUNT (USD)', right - 140, y + 8, { width: 130, align: 'right' });
    y += 34;
    doc.fillColor(ink).font('Helvetica').fontSize(11);
    const description = invoice.description ?? 'Monthly subscription';
    doc.text(description, left + 10, y, { width: width - 170 });
    doc.text(usd(invoice.amount), right - 140, y, { width: 130, align: 'right' });
    y = Math.max(doc.y, y + 14) + 12;
    pdfRule(doc, page, y);
    y += 12;
    doc.font('Helvetica-Bold').fontSize(13).fillColor(ink);
    doc.text('Total', right - 260, y, { width: 110 });
    doc.text(usd(invoice.amount), right - 140, y, { width: 130, align: 'right' });
    y += 22;
    // A part payment recorded on an invoice still owed: what came in, and what it still asks for.
    if (invoice.amount_paid > 0 && invoice.amount_due > 0) {
      doc.font('Helvetica').fontSize(11).fillColor(ink);
      doc.text('Amount paid', right - 260, y, { width: 110 });
      doc.text(`-${usd(invoice.amount_paid)}`, right - 140, y, { width: 130, align: 'right' });
      y += 18;
      doc.font('Helvetica-Bold').fontSize(13);
      doc.text('Balance due', right - 260, y, { width: 110 });
      doc.text(usd(invoice.amount_due), right - 140, y, { width: 130, align: 'right' });
      y += 22;
    }
    doc.font('Helvetica').fontSize(9).fillColor(muted).text('All amounts in US dollars (USD).', right - 260, y, {
      width: 250,
      align: 'right',
    });

    // PAID stamp, in the free space left of the totals.
    if (invoice.status === 'paid') {
      const cx = left + 90;
      const cy = y + 16;
      doc.save();
      doc.rotate(-12, { origin: [cx, cy] });
      doc.lineWidth(3).strokeColor('#16a34a').roundedRect(cx - 70, cy - 26, 140, 52, 8).stroke();
      doc.fillColor('#16a34a').font('Helvetica-Bold').fontSize(34).text('PAID', cx - 70, cy - 17, { width: 140, align: 'center' });
      doc.restore();
    }

    if (invoice.is_overdue) {
      doc.font('Helvetica-Bold').fontSize(11).fillColor('#b91c1c').text('This invoice is past due.', left, y + 30);
    }

    pdfFooter(doc, page, `Thank you for your business. Questions about this invoice? Reply to ${party.agency} in your client portal.`);
  });
}

/** The PDF of one invoice the caller may see, with its download name. */
export async function invoicePdf(deps: AppDeps, actor: Actor, id: number): Promise<{ filename: string; pdf: Buffer }> {
  const invoice = await getInvoice(deps, actor, id);
  const client = await q.findClient(deps.db, invoice.client);
  if (!client) throw new AppError('not_found', 'Invoice not found.');
  const agency = await agencyProfile(deps);
  const pdf = await renderInvoicePdf(invoice, {
    agency: agency.name,
    agencyContact: { address: agency.address, email: agency.email, phone: agency.phone, website: agency.website },
    client: { name: client.name, company: client.company, email: client.email, billingAddress: invoice.client_billing_address, taxId: invoice.client_tax_id },
  });
  const safeNumber = invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_');
  return { filename: `invoice-${safeNumber}.pdf`, pdf };
}
