import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

/** One request of a closed-loop run; `{n}` in the body becomes a number new on every request, `{phone}` a 7-digit one. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Fills a body's `{n}` and `{phone}` the way the wrk script does. */
export const fillBody = (body: string, n: number): string =>
  body.replaceAll('{n}', String(n)).replaceAll('{phone}', String(6_000_000 + (n % 3_000_000)));

const wrkInstalled = spawnSync('wrk', ['--version']).error === undefined;

/** Which load generator `closedLoop` uses on this machine. */
export const loadGenerator = wrkInstalled ? 'wrk' : 'autocannon';

const luaString = (s: string): string => JSON.stringify(s);

/**
 * A closed loop: `connections` connections sending `requests` in turn for `seconds`. With Debian's `wrk`
 * installed it is the load generator: it is C like pgbench, and takes ~0.03 ms of CPU per request where
 * autocannon's Node process takes ~0.3 ms, a quarter of what a field save costs, on the same two cores the
 * server and the database share. Without it, autocannon.
 */
export async function closedLoop(
  url: string,
  requests: LoadRequest[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  if (!wrkInstalled) {
    let n = 0;
    return load({
      url,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (req) => {
            const r = requests[n % requests.length]!;
            n++;
            return {
              ...req,
              method: r.method,
              path: r.path,
              headers: r.headers,
              body: r.body && fillBody(r.body, n),
            };
          },
        },
      ],
    });
  }
  const threads = Math.min(2, connections);
  const dir = mkdtempSync(join(tmpdir(), 'sp-wrk-'));
  const script = join(dir, 'requests.lua');
  const table = requests
    .map(
      (r) =>
        `{${luaString(r.method)}, ${luaString(r.path)}, {${Object.entries(r.headers)
          .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
          .join(', ')}}, ${r.body === undefined ? 'nil' : luaString(r.body)}}`,
    )
    .join(',\n');
  writeFileSync(
    script,
    `local requests = {
${table}
}
local started = 0
function setup(thread)
  thread:set("thread_no", started)
  started = started + 1
end
local i, n
function init(args)
  -- Thread k takes requests k, k + ${threads}, k + 2 × ${threads}…: the threads never send the same one.
  i = thread_no - ${threads}
  n = thread_no * 1000000000
end
function request()
  i = i + ${threads}
  if i >= #requests then i = thread_no % #requests end
  n = n + 1
  local r = requests[i + 1]
  local body = r[4]
  if body then
    body = body:gsub("{n}", tostring(n))
    body = body:gsub("{phone}", tostring(6000000 + n % 3000000))
  end
  return wrk.format(r[1], r[2], r[3], body)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"us":%d,"p50":%d,"p99":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
`,
  );
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        'wrk',
        [
          `-t${threads}`,
          `-c${connections}`,
          `-d${Math.max(1, Math.round(seconds))}s`,
          '--timeout',
          '10s',
          '-s',
          script,
          url,
        ],
        (err, stdout) => (err ? reject(new Error(`wrk failed: ${err.message}`)) : resolve(stdout)),
      ),
    );
    const r = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      requestsPerSecond: r.requests! / (r.us! / 1e6),
      p50: ms(r.p50!),
      p99: ms(r.p99!),
      // wrk counts answers of 400 and above here (autocannon: every answer but 2xx).
      non2xx: r.non2xx!,
      errors: r.errors!,
    };
  } finally {
    if (!process.env.KEEP_WRK) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The longest event-loop delay in this process since the last call, ms: for a bench whose app runs in this
 * process (startBenchApp), the server's own stalls, since the bench itself only waits on its requests.
 */
export function loopStalls(): () => number {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  return () => {
    const max = delay.max / 1e6;
    delay.reset();
    return max;
  };
}
