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

/** Loads one URL with `connections` keep-alive connections for `seconds` (after a short warm-up). */
export async function load(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  await autocannon({ url, headers, connections, duration: 1 });
  const out = await autocannon({ url, headers, connections, duration: seconds, timeout: 10 });
  return {
    p50: out.latency.p50,
    p99: out.latency.p99,
    rps: Math.round(out.requests.average),
    bad: out.non2xx + out.errors + out.timeouts,
    answered: out.requests.total,
  };
}
