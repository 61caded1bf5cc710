import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A bounded autocannon run against this machine's loopback; a request unanswered in time counts as an error. */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 5, connections: 10, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const fmt = (n: number, digits = 1): string => n.toFixed(digits);

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}
