import autocannon from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  /** Requests per second (mean over the run). */
  rps: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  bad: number;
  /** Answers received in the run (0: the route never answered within it). */
  answered: number;
}

/**
 * Loads one URL with `connections` keep-alive connections for `seconds` (after a warm-up of as long, at most 1 s).
 * Below a second (the smoke test's runs), autocannon samples as often as the run is long: it ends a run only at a
 * sample, and counts requests per sample.
 */
export async function load(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  const sampleInt = Math.min(1000, seconds * 1000);
  await autocannon({ url, headers, connections, duration: Math.min(1, seconds), sampleInt });
  const out = await autocannon({ url, headers, connections, duration: seconds, sampleInt, timeout: 10 });
  return {
    p50: out.latency.p50,
    p99: out.latency.p99,
    rps: Math.round((out.requests.average * 1000) / sampleInt),
    bad: out.non2xx + out.errors + out.timeouts,
    answered: out.requests.total,
  };
}
