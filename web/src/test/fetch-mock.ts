import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = Response | Promise<Response> | ((call: RecordedCall) => Response | Promise<Response>);

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const noContent = (): Response => new Response(null, { status: 204 });

export const defaultSettings = {
  school_name: 'Test Secondary School',
  school_motto: '',
  logo_url: null,
  id_lookup_enabled: false,
  learning_challenges_enabled: false,
  terms_and_conditions: 'I agree to the school rules.',
  upload_max_mb: 10,
  time_zone: 'America/Port_of_Spain',
};

/**
 * Stubs global fetch with a table of "METHOD /path" → reply (for component tests only; the real server is
 * tested elsewhere). Calls nobody expected answer 404 and are recorded, so a test can check them.
 */
export function mockFetch(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const table: Record<string, Reply> = {
    'GET /api/settings/public': () => json(defaultSettings),
    'GET /sanctum/csrf-cookie': () => noContent(),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    const reply = table[`${method} ${url.pathname}`];
    if (!reply) return json({ message: `No mock for ${method} ${url.pathname}` }, 404);
    // A Response body can be read once, so a fixed reply is cloned for every call.
    return typeof reply === 'function' ? reply(call) : (await reply).clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo };
}

/** A reply the test releases when it wants, to see the screen while a call is under way. */
export function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
