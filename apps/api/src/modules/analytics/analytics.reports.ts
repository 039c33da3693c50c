import {
  CONTENT_PLATFORM_LABELS,
  formatChangePercent,
  formatCompact,
  formatFollowersGained,
  formatPercent,
  formatUsd,
  INDUSTRY_ENGAGEMENT_BENCHMARK,
  socialHandle,
  type TClientReport,
  type TMonthlyPerformanceRow,
  type TMonthlyReport,
  type TPerformanceRow,
} from '@agency/contract';
import type { Actor } from '../../core/actor';
import { humanDate, utcDate } from '../../core/clock';
import { toCsv } from '../../core/csv';
import { toNumeric } from '../../core/money';
import type { AppDeps } from '../../deps';
import { agencyName } from '../agency';
import { monthName, monthStart, parseMonth, PERIOD_LABELS, PERIOD_MONTHS, rollingWindows, type AnalyticsPeriod } from './analytics.periods';
import * as q from './analytics.queries';
import {
  accountScopeOf,
  agencyPeriod,
  agencyRows,
  clientReportOf,
  monthlyReportOf,
  monthlySeries,
  platformFigures,
  requireClient,
} from './analytics.service';
import { renderReportPdf, type ReportDocument } from './report-pdf';

/** A file the API sends: its download name, type and bytes. */
export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const PDF = 'application/pdf';
const CSV = 'text/csv; charset=utf-8';

/** A name safe in a Content-Disposition filename: 'Ava Co & Sons' → 'ava-co-sons'. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'client';

const periodText = (period: AnalyticsPeriod, now: Date) =>
  `${PERIOD_LABELS[period]} (${humanDate(rollingWindows(now, PERIOD_MONTHS[period]).start)} - ${humanDate(now)})`;

/** CSV cells: a figure without data is an empty cell, never 0. */
const csvNumber = (v: number | null) => (v === null ? '' : String(v));
const csvPercent = (v: number | null) => (v === null ? '' : (v * 100).toFixed(2));

const platformLabel = (p: string) => CONTENT_PLATFORM_LABELS[p as keyof typeof CONTENT_PLATFORM_LABELS] ?? p;
const subjectOf = (c: { name: string; company: string }) => (c.company ? `${c.name} · ${c.company}` : c.name);

// --- the Client Performance table (CSV) and the agency report (PDF) --------------------------------

export const PERFORMANCE_CSV_COLUMNS = ['client', 'company', 'followers', 'engagement_percent', 'reach', 'growth_percent', 'revenue'] as const;

/** GET /performance/export/: the agency table of the period as CSV, or the agency report as PDF (a client's with client_id). */
export async function exportPerformance(
  deps: AppDeps,
  actor: Actor,
  query: { client_id?: number | undefined; period: AnalyticsPeriod; format: 'csv' | 'pdf' },
): Promise<DownloadFile> {
  const now = deps.now();
  const day = utcDate(now);
  if (query.format === 'pdf' && query.client_id !== undefined) {
    const client = await requireClient(deps.db, actor, query.client_id);
    return clientReportFile(deps, client, query.period, 'pdf');
  }
  if (query.client_id !== undefined) await requireClient(deps.db, actor, query.client_id);
  // A manager's export covers the clients assigned to them.
  const scope = accountScopeOf(actor, query.client_id);
  if (query.format === 'csv') {
    const [rows, list] = await Promise.all([agencyRows(deps, query.period, scope), q.listClients(deps.db, scope)]);
    const companies = new Map(list.map((c) => [c.id, c.company]));
    const records = rows.map((r) => [
      r.client_name,
      companies.get(r.client) ?? '',
      csvNumber(r.followers),
      csvPercent(r.engagement),
      csvNumber(r.reach),
      r.growth_rate === null ? '' : r.growth_rate.toFixed(1),
      toNumeric(r.revenue ?? 0),
    ]);
    return { filename: `performance-${query.period}-${day}.csv`, contentType: CSV, body: Buffer.from(toCsv(PERFORMANCE_CSV_COLUMNS, records)) };
  }
  const months = PERIOD_MONTHS[query.period];
  const { start, end } = rollingWindows(now, months);
  const [{ rows, totals }, monthly, platforms, clientTotals, agency] = await Promise.all([
    agencyPeriod(deps, query.period, scope),
    monthlySeries(deps.db, scope, months, now),
    platformFigures(deps.db, scope, { from: start, to: end }, now),
    q.clientTotals(deps.db, scope),
    agencyName(deps),
  ]);
  const doc = agencyDocument(rows, monthly, platforms, totals, {
    agency,
    periodLabel: periodText(query.period, now),
    now,
    monthlyRevenue: clientTotals.monthlyRevenue,
  });
  return { filename: `agency-report-${query.period}-${day}.pdf`, contentType: PDF, body: await renderReportPdf(doc, INDUSTRY_ENGAGEMENT_BENCHMARK) };
}

function agencyDocument(
  rows: TPerformanceRow[],
  monthly: TMonthlyPerformanceRow[],
  platforms: Awaited<ReturnType<typeof platformFigures>>,
  totals: Awaited<ReturnType<typeof agencyPeriod>>['totals'],
  ctx: { agency: string; periodLabel: string; now: Date; monthlyRevenue: number },
): ReportDocument {
  const withEngagement = rows.flatMap((r) => (r.engagement === null ? [] : [{ name: r.client_name, engagement: r.engagement }]));
  return {
    title: 'Agency performance report',
    agency: ctx.agency,
    subject: 'All clients',
    periodLabel: ctx.periodLabel,
    generatedAt: ctx.now,
    summary: [
      { label: 'Total followers', value: formatCompact(totals.followers) },
      { label: 'Follower growth', value: formatChangePercent(totals.growthRate) },
      { label: 'Average engagement', value: formatPercent(totals.engagement) },
      { label: 'Total reach', value: formatCompact(totals.reach) },
      { label: 'Clients', value: String(rows.length) },
      { label: 'Monthly revenue', value: formatUsd(ctx.monthlyRevenue) },
    ],
    monthly,
    engagement: {
      title: 'Engagement per client',
      bars: withEngagement
        .sort((a, b) => b.engagement - a.engagement)
        .slice(0, 12)
        .map((r) => ({ label: r.name, value: r.engagement })),
    },
    platforms: platforms.map((p) => ({ label: platformLabel(p.platform), connected: p.connected, followers: p.followers, engagement: p.engagement_rate })),
    table: {
      title: 'Client performance',
      columns: [
        { label: 'Client', width: 155 },
        { label: 'Followers', width: 70, align: 'right' },
        { label: 'Engagement', width: 75, align: 'right' },
        { label: 'Reach', width: 70, align: 'right' },
        { label: 'Growth', width: 60, align: 'right' },
        { label: 'Revenue', width: 65, align: 'right' },
      ],
      rows: rows.map((r) => [
        r.client_name,
        formatCompact(r.followers),
        formatPercent(r.engagement),
        formatCompact(r.reach),
        formatChangePercent(r.growth_rate),
        formatUsd(r.revenue ?? 0),
      ]),
      empty: 'No clients yet.',
    },
  };
}

// --- a client's report (PDF or CSV) -----------------------------------------------------------------

export const MONTHLY_CSV_COLUMNS = ['month', 'followers', 'growth_percent', 'engagement_percent', 'reach'] as const;

const monthlyCsv = (rows: TMonthlyPerformanceRow[]) =>
  toCsv(
    MONTHLY_CSV_COLUMNS,
    rows.map((r) => [r.month, csvNumber(r.followers), r.growth_rate === null ? '' : r.growth_rate.toFixed(1), csvPercent(r.engagement), csvNumber(r.reach)]),
  );

/** GET /analytics/client/:id/report/: staff any client they reach, a client only its own (another's is a 404). */
export async function downloadClientReport(
  deps: AppDeps,
  actor: Actor,
  id: number,
  query: { period: AnalyticsPeriod; format: 'pdf' | 'csv' },
): Promise<DownloadFile> {
  const client = await requireClient(deps.db, actor, id);
  return clientReportFile(deps, client, query.period, query.format);
}

async function clientReportFile(deps: AppDeps, client: q.ClientRow, period: AnalyticsPeriod, format: 'pdf' | 'csv'): Promise<DownloadFile> {
  const now = deps.now();
  const report = await clientReportOf(deps.db, client, period, now);
  const name = `performance-report-${slug(client.company || client.name)}-${period}-${utcDate(now)}`;
  if (format === 'csv') return { filename: `${name}.csv`, contentType: CSV, body: Buffer.from(monthlyCsv(report.monthly)) };
  const { start, end } = rollingWindows(now, PERIOD_MONTHS[period]);
  const platforms = await platformFigures(deps.db, { clientId: client.id }, { from: start, to: end }, now);
  const doc = clientDocument(report, platforms, { agency: await agencyName(deps), periodLabel: periodText(period, now), now });
  return { filename: `${name}.pdf`, contentType: PDF, body: await renderReportPdf(doc, INDUSTRY_ENGAGEMENT_BENCHMARK) };
}

const accountLabel = (a: { platform: string; username: string }) => `${platformLabel(a.platform)} ${socialHandle(a.username)}`;

function clientDocument(
  report: TClientReport,
  platforms: Awaited<ReturnType<typeof platformFigures>>,
  ctx: { agency: string; periodLabel: string; now: Date },
): ReportDocument {
  const s = report.summary;
  return {
    title: 'Performance report',
    agency: ctx.agency,
    subject: subjectOf(report.client),
    periodLabel: ctx.periodLabel,
    generatedAt: ctx.now,
    summary: [
      { label: 'Followers', value: formatCompact(s.followers) },
      { label: 'Followers gained', value: formatFollowersGained(s.followers_gained, s.growth_rate) },
      { label: 'Follower growth', value: formatChangePercent(s.growth_rate) },
      { label: 'Average engagement', value: formatPercent(s.engagement_rate) },
      { label: 'Reach', value: formatCompact(s.reach) },
      { label: 'Posts published', value: String(s.posts_published) },
    ],
    monthly: report.monthly,
    engagement: { title: 'Engagement per account', bars: report.accounts.map((a) => ({ label: accountLabel(a), value: a.engagement_rate })) },
    platforms: platforms.map((p) => ({ label: platformLabel(p.platform), connected: p.connected, followers: p.followers, engagement: p.engagement_rate })),
    table: {
      title: 'Accounts',
      columns: [
        { label: 'Account', width: 165 },
        { label: 'Followers', width: 70, align: 'right' },
        { label: 'Engagement', width: 75, align: 'right' },
        { label: 'Reach', width: 70, align: 'right' },
        { label: 'Posts', width: 50, align: 'right' },
        { label: 'Growth', width: 65, align: 'right' },
      ],
      rows: report.accounts.map((a) => [
        `${accountLabel(a)}${a.is_active ? '' : ' (disconnected)'}`,
        formatCompact(a.followers_count),
        formatPercent(a.engagement_rate),
        formatCompact(a.reach),
        String(a.posts_count),
        formatChangePercent(a.growth_rate),
      ]),
      empty: 'No connected accounts.',
    },
  };
}

// --- the monthly report of a client (the scheduled e-mail's PDF) ----------------------------------

/** The PDF of a client's report for one calendar month, with the six months up to it on the growth chart. */
export async function monthlyReportPdf(
  deps: AppDeps,
  client: q.ClientRow,
  month: string,
): Promise<{ report: TMonthlyReport; file: DownloadFile }> {
  const now = deps.now();
  const from = parseMonth(month);
  const monthEnd = monthStart(from, 1);
  const at = monthEnd <= now ? new Date(monthEnd.getTime() - 1) : now;
  const scope = { clientId: client.id };
  const [report, monthly, platforms] = await Promise.all([
    monthlyReportOf(deps.db, client, month, now),
    monthlySeries(deps.db, scope, 6, at),
    platformFigures(deps.db, scope, { from, to: new Date(at.getTime() + 1) }, at),
  ]);
  const t = report.totals;
  const doc: ReportDocument = {
    title: 'Monthly performance report',
    agency: await agencyName(deps),
    subject: subjectOf(client),
    periodLabel: monthName(month),
    generatedAt: now,
    summary: [
      { label: 'Followers', value: formatCompact(t.followers) },
      { label: 'Followers gained', value: formatFollowersGained(t.followers_gained, t.growth_rate) },
      { label: 'Follower growth', value: formatChangePercent(t.growth_rate) },
      { label: 'Average engagement', value: formatPercent(t.engagement) },
      { label: 'Reach', value: formatCompact(t.reach) },
      { label: 'Posts published', value: String(t.posts_published) },
    ],
    monthly,
    engagement: { title: 'Engagement per account', bars: report.accounts.map((a) => ({ label: accountLabel(a), value: a.engagement })) },
    platforms: platforms.map((p) => ({ label: platformLabel(p.platform), connected: p.connected, followers: p.followers, engagement: p.engagement_rate })),
    table: {
      title: 'Accounts',
      columns: [
        { label: 'Account', width: 185 },
        { label: 'Followers', width: 80, align: 'right' },
        { label: 'Gained', width: 70, align: 'right' },
        { label: 'Engagement', width: 80, align: 'right' },
        { label: 'Reach', width: 80, align: 'right' },
      ],
      rows: report.accounts.map((a) => [accountLabel(a), formatCompact(a.followers), formatCompact(a.followers_gained), formatPercent(a.engagement), formatCompact(a.reach)]),
      empty: 'No connected accounts.',
    },
  };
  return {
    report,
    file: {
      filename: `performance-report-${slug(client.company || client.name)}-${month}.pdf`,
      contentType: PDF,
      body: await renderReportPdf(doc, INDUSTRY_ENGAGEMENT_BENCHMARK),
    },
  };
}
