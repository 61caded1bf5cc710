import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

let nextAddress = 1;

/**
 * A browser-like client over `app.inject`: keeps cookies, sends the XSRF token on state-changing requests
 * like the web app does, and has its own address (sign-in limits count per address).
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  /** `ip`: the same address as another agent's (one browser talking to two server processes). */
  constructor(
    private readonly app: FastifyInstance,
    ip?: string,
  ) {
    const n = nextAddress++;
    this.ip = ip ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('sp_session');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && options.xsrf !== false) {
      if (!this.xsrf) await this.get('/sanctum/csrf-cookie');
      headers['x-xsrf-token'] = this.xsrf!;
    }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const req: InjectOptions = { method, url, headers, remoteAddress: this.ip };
    if (options.body !== undefined) {
      if (typeof options.body === 'string') req.payload = options.body;
      else req.payload = options.body as Record<string, unknown>;
    }
    const res = await this.app.inject(req);
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, headers ? { headers } : {});
  }

  post(url: string, body?: unknown, options: { headers?: Record<string, string>; xsrf?: boolean } = {}) {
    return this.request('POST', url, { ...options, body });
  }
}
