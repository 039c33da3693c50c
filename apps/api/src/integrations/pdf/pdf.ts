import type PDFKitDocument from 'pdfkit';

/**
 * The one place the product makes PDFs (invoices, performance reports): pdfkit's A4 document with the house margins,
 * colours and fonts, and the header, rule and footer every document shares. Documents draw their own body.
 */

/** pdfkit (and its fonts) is loaded on the first PDF, not at start (a noticeable share of the start-up time). */
let pdfkit: Promise<typeof PDFKitDocument> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

export type PdfDoc = PDFKit.PDFDocument;

/** The house colours (the web app's ink, muted text, indigo accent, hairlines and shaded rows). */
export const PDF_COLORS = { ink: '#1f2937', muted: '#6b7280', accent: '#4f46e5', rule: '#e5e7eb', shade: '#f3f4f6' } as const;

/** The page's writable box: A4 with 50 pt margins. */
export interface PdfPage {
  left: number;
  right: number;
  width: number;
  height: number;
}

/** Characters the built-in PDF fonts (WinAnsi) can draw beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text for the standard PDF fonts: accents kept where WinAnsi has them, stripped where not, else '?'. */
export function pdfSafe(text: string): string {
  return [...text]
    .map((ch) => {
      if (ch.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(ch)) return ch;
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return base && [...base].every((b) => b.charCodeAt(0) <= 0xff) ? base : '?';
    })
    .join('');
}

/**
 * Renders an A4 document: `draw` writes on it, the bytes come back once it ends. Text streams are left
 * uncompressed (small files, and searchable).
 */
export async function renderPdf(
  info: { title: string; author: string; subject: string },
  draw: (doc: PdfDoc, page: PdfPage) => void,
): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: info.title, Author: info.author, Subject: info.subject },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, { left: 50, right: doc.page.width - 50, width: doc.page.width - 100, height: doc.page.height });
  doc.end();
  return done;
}

/** A hairline across the page at `y`. */
export function pdfRule(doc: PdfDoc, page: PdfPage, y: number): void {
  doc.moveTo(page.left, y).lineTo(page.right, y).lineWidth(1).strokeColor(PDF_COLORS.rule).stroke();
}

/** The header of every document: the agency in the accent colour on the left, the document's title on the right. */
export function pdfHeader(doc: PdfDoc, page: PdfPage, header: { agency: string; agencySize: number; title: string; titleSize: number }): void {
  const half = page.width / 2;
  doc.fillColor(PDF_COLORS.accent).font('Helvetica-Bold').fontSize(header.agencySize).text(pdfSafe(header.agency), page.left, 50, { width: half });
  doc
    .fillColor(PDF_COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(header.titleSize)
    .text(pdfSafe(header.title), page.left + half, 48, { width: half, align: 'right' });
}

/** A footer line of small centred text under a hairline, at the foot of the current page. */
export function pdfFooter(doc: PdfDoc, page: PdfPage, text: string): void {
  const y = page.height - 90;
  pdfRule(doc, page, y);
  doc.font('Helvetica').fontSize(9).fillColor(PDF_COLORS.muted);
  doc.text(pdfSafe(text), page.left, y + 10, { width: page.width, align: 'center' });
}
