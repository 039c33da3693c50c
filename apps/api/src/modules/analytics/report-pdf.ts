import { formatChangePercent, formatCompact, formatCount, formatMonth, formatPercent, type TMonthlyPerformanceRow } from '@agency/contract';
import { humanDate } from '../../core/clock';
import { PDF_COLORS, pdfHeader, pdfRule, pdfSafe, renderPdf, type PdfDoc } from '../../integrations/pdf';

/** What a performance report PDF shows; built from a client report, a monthly report or the agency table. */
export interface ReportDocument {
  title: string;
  agency: string;
  /** Who it is about: 'Ava Client · Ava Co', or 'All clients'. */
  subject: string;
  periodLabel: string;
  generatedAt: Date;
  summary: { label: string; value: string }[];
  /** Oldest first; drawn as the followers growth line and listed as the monthly table. */
  monthly: TMonthlyPerformanceRow[];
  engagement: { title: string; bars: { label: string; value: number }[] };
  /** Each platform; a platform without a connected account is labelled so instead of showing zeros. */
  platforms: { label: string; connected: boolean; followers: number; engagement: number | null }[];
  table: { title: string; columns: { label: string; width: number; align?: 'left' | 'right' }[]; rows: string[][]; empty: string };
}

const { ink: INK, muted: MUTED, accent: ACCENT, rule: GRID } = PDF_COLORS;
const BAR = '#6366f1';
const BAR_ALT = '#10b981';
const BENCHMARK = '#f59e0b';

/** A round step for an axis of `span` with about `ticks` ticks. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return step * magnitude;
}

type Doc = PdfDoc;

function sectionTitle(doc: Doc, text: string, x: number, y: number): number {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(pdfSafe(text), x, y);
  return y + 20;
}

/** Followers over the months: a line with a dot and value per month, on a value axis with round ticks. */
function lineChart(doc: Doc, x: number, y: number, w: number, h: number, rows: TMonthlyPerformanceRow[]): void {
  const axisW = 44;
  const plotX = x + axisW;
  const plotW = w - axisW - 10;
  const plotH = h - 30;
  // A month without data is a gap in the line, never a drop to 0.
  const values = rows.flatMap((r) => (r.followers === null ? [] : [r.followers]));
  let min = Math.min(...values, 0 < values.length ? Infinity : 0);
  let max = Math.max(...values, 0);
  if (!Number.isFinite(min)) min = 0;
  if (max === min) {
    max += 1;
    min = Math.max(0, min - 1);
  }
  const step = niceStep(max - min, 4);
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const yOf = (v: number) => y + plotH - ((v - lo) / (hi - lo || 1)) * plotH;

  doc.lineWidth(0.5).font('Helvetica').fontSize(8);
  for (let v = lo; v <= hi + step / 2; v += step) {
    const gy = yOf(v);
    doc.moveTo(plotX, gy).lineTo(plotX + plotW, gy).strokeColor(GRID).stroke();
    doc.fillColor(MUTED).text(formatCompact(v), x, gy - 4, { width: axisW - 6, align: 'right' });
  }
  if (rows.length === 0) return;
  const xOf = (i: number) => (rows.length === 1 ? plotX + plotW / 2 : plotX + (i / (rows.length - 1)) * plotW);
  doc.lineWidth(2).strokeColor(ACCENT);
  rows.forEach((r, i) => {
    if (r.followers === null) return;
    if (i === 0 || rows[i - 1]!.followers === null) doc.moveTo(xOf(i), yOf(r.followers));
    else doc.lineTo(xOf(i), yOf(r.followers));
  });
  doc.stroke();
  rows.forEach((r, i) => {
    if (r.followers !== null) doc.circle(xOf(i), yOf(r.followers), 3).fillColor(ACCENT).fill();
    doc.fillColor(MUTED).fontSize(7).text(formatMonth(r.month, true), xOf(i) - 20, y + plotH + 8, { width: 40, align: 'center' });
  });
}

/** Horizontal bars of engagement (fractions), with the industry benchmark as a dashed line when given. */
function barChart(doc: Doc, x: number, y: number, w: number, bars: { label: string; value: number }[], benchmark?: number): number {
  if (bars.length === 0) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text('No engagement data in this period.', x, y);
    return y + 24;
  }
  const labelW = 140;
  const barX = x + labelW;
  const barW = w - labelW - 50;
  const rowH = 18;
  const max = Math.max(...bars.map((b) => b.value), benchmark ?? 0, 0.0001);
  bars.forEach((b, i) => {
    const by = y + i * rowH;
    doc.fillColor(INK).font('Helvetica').fontSize(9).text(pdfSafe(b.label), x, by + 3, { width: labelW - 8, lineBreak: false, ellipsis: true });
    doc.rect(barX, by + 2, Math.max(1, (b.value / max) * barW), rowH - 6).fillColor(BAR).fill();
    doc.fillColor(MUTED).fontSize(8).text(formatPercent(b.value), barX + (b.value / max) * barW + 4, by + 4, { width: 46 });
  });
  const bottom = y + bars.length * rowH;
  if (benchmark !== undefined) {
    const bx = barX + (benchmark / max) * barW;
    doc.save().lineWidth(1).dash(3, { space: 2 }).strokeColor(BENCHMARK).moveTo(bx, y - 2).lineTo(bx, bottom).stroke().undash().restore();
    doc.fillColor(BENCHMARK).fontSize(7).text(`Industry average ${formatPercent(benchmark)}`, bx - 60, bottom + 2, { width: 120, align: 'center' });
    return bottom + 16;
  }
  return bottom + 6;
}

/** Followers per platform as vertical bars, with each platform's engagement under its name. */
function platformChart(doc: Doc, x: number, y: number, w: number, h: number, platforms: ReportDocument['platforms']): void {
  const max = Math.max(...platforms.map((p) => p.followers), 1);
  const slot = w / Math.max(platforms.length, 1);
  const plotH = h - 40;
  doc.moveTo(x, y + plotH).lineTo(x + w, y + plotH).lineWidth(0.5).strokeColor(GRID).stroke();
  platforms.forEach((p, i) => {
    const shown = p.connected || p.followers > 0;
    const bh = (p.followers / max) * (plotH - 14);
    const bx = x + i * slot + slot * 0.3;
    const bw = slot * 0.4;
    doc.rect(bx, y + plotH - bh, bw, Math.max(bh, 0.5)).fillColor(i % 2 ? BAR_ALT : BAR).fill();
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(8).text(shown ? formatCompact(p.followers) : '', x + i * slot, y + plotH - bh - 11, { width: slot, align: 'center' });
    doc.fillColor(INK).font('Helvetica').fontSize(9).text(pdfSafe(p.label), x + i * slot, y + plotH + 5, { width: slot, align: 'center' });
    const caption = shown ? `${formatPercent(p.engagement)} engagement` : 'Not connected';
    doc.fillColor(MUTED).fontSize(8).text(caption, x + i * slot, y + plotH + 17, { width: slot, align: 'center' });
  });
}

/** A table with a shaded header; rows that do not fit go on to new pages (the header repeated). */
function table(doc: Doc, x: number, y: number, spec: ReportDocument['table'], bottomLimit: number): void {
  const rowH = 18;
  const header = (top: number) => {
    doc.rect(x, top, spec.columns.reduce((a, c) => a + c.width, 0), rowH + 2).fill(PDF_COLORS.shade);
    let cx = x;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8);
    for (const c of spec.columns) {
      doc.text(c.label.toUpperCase(), cx + 6, top + 6, { width: c.width - 12, align: c.align ?? 'left', lineBreak: false });
      cx += c.width;
    }
    return top + rowH + 6;
  };
  let cy = header(y);
  if (spec.rows.length === 0) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(spec.empty, x + 6, cy);
    return;
  }
  for (const row of spec.rows) {
    if (cy + rowH > bottomLimit) {
      doc.addPage();
      cy = header(50);
    }
    let cx = x;
    doc.fillColor(INK).font('Helvetica').fontSize(9);
    spec.columns.forEach((c, i) => {
      doc.text(pdfSafe(row[i] ?? ''), cx + 6, cy, { width: c.width - 12, align: c.align ?? 'left', lineBreak: false, ellipsis: true });
      cx += c.width;
    });
    cy += rowH;
    doc.moveTo(x, cy - 5).lineTo(x + spec.columns.reduce((a, c) => a + c.width, 0), cy - 5).lineWidth(0.5).strokeColor(GRID).stroke();
  }
}

export const MONTHLY_COLUMNS = ['Month', 'Followers', 'Growth', 'Engagement', 'Reach'] as const;

/**
 * The report as an A4 PDF: page 1 has the header, the summary figures, the followers growth line and the monthly
 * table; page 2 the engagement bars (against the industry average), the platform comparison and the per-account
 * (or per-client) table, which continues on further pages when long. Charts are vector graphics; text streams
 * are uncompressed like the invoices'.
 */
export async function renderReportPdf(report: ReportDocument, benchmark?: number): Promise<Buffer> {
  const info = { title: pdfSafe(`${report.title}: ${report.subject}`), author: pdfSafe(report.agency), subject: pdfSafe(report.periodLabel) };
  return renderPdf(info, (doc, page) => {
    const { left, width } = page;
    const bottom = page.height - 60;

    pdfHeader(doc, page, { agency: report.agency, agencySize: 18, title: report.title, titleSize: 20 });
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(pdfSafe(report.subject), left, 80, { width });
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(
      `${pdfSafe(report.periodLabel)} · Generated ${humanDate(report.generatedAt, 'long')}`,
      left,
      97,
      { width },
    );
    pdfRule(doc, page, 118);

    // Summary figures, three per row.
    let y = 132;
    const cardW = (width - 20) / 3;
    report.summary.forEach((s, i) => {
      const cx = left + (i % 3) * (cardW + 10);
      const cy = y + Math.floor(i / 3) * 52;
      doc.roundedRect(cx, cy, cardW, 44, 6).fillColor('#f9fafb').fill();
      doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(s.label.toUpperCase(), cx + 10, cy + 8, { width: cardW - 20 });
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(15).text(pdfSafe(s.value), cx + 10, cy + 20, { width: cardW - 20 });
    });
    y += Math.ceil(report.summary.length / 3) * 52 + 10;

    y = sectionTitle(doc, 'Followers growth', left, y);
    lineChart(doc, left, y, width, 170, report.monthly);
    y += 180;

    y = sectionTitle(doc, 'Monthly performance', left, y);
    const monthlyWidths = [width * 0.24, width * 0.19, width * 0.19, width * 0.19, width * 0.19];
    table(
      doc,
      left,
      y,
      {
        title: 'Monthly performance',
        columns: MONTHLY_COLUMNS.map((label, i) => ({ label, width: monthlyWidths[i]!, align: i === 0 ? 'left' : 'right' })),
        rows: report.monthly.map((r) => [formatMonth(r.month), formatCount(r.followers), formatChangePercent(r.growth_rate), formatPercent(r.engagement), formatCount(r.reach)]),
        empty: 'No data in this period.',
      },
      bottom,
    );

    // Page 2: engagement, platforms, the detail table.
    doc.addPage();
    y = sectionTitle(doc, report.engagement.title, left, 50);
    y = barChart(doc, left, y, width, report.engagement.bars, benchmark);
    y = sectionTitle(doc, 'Platform comparison', left, y + 12);
    platformChart(doc, left, y, width, 170, report.platforms);
    y += 184;
    y = sectionTitle(doc, report.table.title, left, y);
    table(doc, left, y, report.table, bottom);
  });
}
