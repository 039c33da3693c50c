import type { HttpBenchResult, Measurement } from './http-bench';
import type { WsLatencyResult } from './ws-latency';

export interface BenchReport {
  at: string;
  seconds: number;
  http: HttpBenchResult | undefined;
  ws: WsLatencyResult | undefined;
}

/** bench/budgets.json: the product's budgets and the committed baseline run. */
export interface Budgets {
  /** A p50 or p99 above the baseline's by more than this fraction, or req/s below it by as much, fails. */
  regression: number;
  /** Latencies are whole milliseconds: differences up to this many ms are noise, not regression. */
  noiseMs: number;
  /** A list's p50 at full size ≤ this × its p50 at 1k rows. */
  listGrowth: number;
  /** The authenticated list's req/s ≥ this × the bare node:http + pg replay of its SQL. */
  apiOverBare: number;
  /** WebSocket POST → receipt p99 with 1,000 sockets and 10 senders, ms. */
  wsP99Ms: number;
  baseline?: BenchReport;
}

const key = (m: Pick<Measurement, 'route' | 'as' | 'profile' | 'connections'>) => `${m.as} ${m.route} ${m.profile} c${m.connections}`;

/** Every failed budget, as a sentence; prints the comparison table on the way. */
export function checkBudgets(b: Budgets, r: BenchReport, log: (line: string) => void): string[] {
  const failures: string[] = [];
  const within = (now: number, limit: number) => now <= limit || now - limit <= b.noiseMs;

  if (r.http) {
    const all = r.http.measurements;
    for (const m of all) {
      if (m.bad > 0) failures.push(`${key(m)}: ${m.bad} non-2xx answers or errors`);
      if (m.answered === 0) failures.push(`${key(m)}: no answer within the ${r.seconds} s run`);
    }

    log('\nSize budget (p50 at full size vs 1k rows, 10 connections):');
    for (const full of all.filter((m) => m.kind === 'list' && m.profile === 'full' && m.connections === 10)) {
      const small = all.find((m) => m.route === full.route && m.as === full.as && m.profile === 'small' && m.connections === 10);
      if (!small) continue;
      const ratio = full.p50 / Math.max(1, small.p50);
      const ok = within(full.p50, small.p50 * b.listGrowth);
      log(`  ${ok ? 'ok  ' : 'FAIL'} ${full.route.padEnd(48)} ${small.p50} → ${full.p50} ms (×${ratio.toFixed(2)})`);
      if (!ok) failures.push(`${full.route}: p50 ${full.p50} ms at full size is ×${ratio.toFixed(2)} its ${small.p50} ms at 1k rows (budget ×${b.listGrowth})`);
    }

    log('\nFramework cost (authenticated list vs bare node:http + pg running the same SQL):');
    for (const x of r.http.bare) {
      const ok = x.ratio >= b.apiOverBare;
      log(`  ${ok ? 'ok  ' : 'FAIL'} c${x.connections}: ${Math.round(x.ratio * 100)}% (budget ${Math.round(b.apiOverBare * 100)}%)`);
      if (!ok) failures.push(`${x.route} at ${x.connections} connections runs at ${Math.round(x.ratio * 100)}% of the bare replay (budget ${Math.round(b.apiOverBare * 100)}%)`);
    }

    const base = new Map((b.baseline?.http?.measurements ?? []).map((m) => [key(m), m]));
    if (base.size > 0) {
      log(`\nRegression against the baseline of ${b.baseline?.at} (tolerance ${Math.round(b.regression * 100)}%):`);
      let regressions = 0;
      for (const m of all) {
        const was = base.get(key(m));
        if (!was) continue;
        const slower = !within(m.p50, was.p50 * (1 + b.regression)) || !within(m.p99, was.p99 * (1 + b.regression));
        const fewer = m.rps < was.rps / (1 + b.regression);
        if (slower || fewer) {
          regressions += 1;
          const text = `${key(m)}: p50 ${was.p50} → ${m.p50} ms, p99 ${was.p99} → ${m.p99} ms, ${was.rps} → ${m.rps} req/s`;
          log(`  FAIL ${text}`);
          failures.push(`regression: ${text}`);
        }
      }
      if (regressions === 0) log('  ok   no route slower than its baseline');
    }
  }

  if (r.ws) {
    const ok = r.ws.delivered === r.ws.messages && r.ws.p99 < b.wsP99Ms;
    log(`\nWebSocket: ${r.ws.delivered}/${r.ws.messages} delivered to ${r.ws.sockets} sockets, p50 ${r.ws.p50} ms, p99 ${r.ws.p99} ms (budget < ${b.wsP99Ms} ms) ${ok ? 'ok' : 'FAIL'}`);
    if (r.ws.delivered < r.ws.messages) failures.push(`WebSocket: ${r.ws.messages - r.ws.delivered} events never arrived`);
    if (r.ws.p99 >= b.wsP99Ms) failures.push(`WebSocket POST → receipt p99 ${r.ws.p99} ms (budget < ${b.wsP99Ms} ms)`);
    const was = b.baseline?.ws;
    if (was && !within(r.ws.p99, was.p99 * (1 + b.regression))) failures.push(`regression: WebSocket p99 ${was.p99} → ${r.ws.p99} ms`);
  }
  return failures;
}
