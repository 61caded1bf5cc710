import { SESSION_IDLE_HEADER, messages } from '@sp/domain';
import { ApiError, badResponseMessage, networkErrorMessage, type FieldError } from './api-error';
import type { DeferredSchema } from './deferred-checks';
import { askForSecondFactor, needsFreshFactor } from './fresh-factor';
import { childHeaders } from './session';
import { sessionState } from './session-state';

export { ApiError, errorMessage } from './api-error';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split(/;\s*/).find((part) => part.startsWith(prefix));
  if (!entry) return null;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return entry.slice(prefix.length);
  }
}

let csrfRequest: Promise<void> | null = null;

/** GET /sanctum/csrf-cookie: the server answers with a fresh XSRF-TOKEN cookie (D4). */
export function refreshCsrfCookie(): Promise<void> {
  csrfRequest ??= send(CSRF_COOKIE_PATH, { method: 'GET' })
    .then(() => undefined)
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** The XSRF token to echo in X-XSRF-TOKEN, fetched first when the cookie is missing. */
export async function xsrfToken(): Promise<string | null> {
  const token = readCookie(XSRF_COOKIE);
  if (token) return token;
  await refreshCsrfCookie();
  return readCookie(XSRF_COOKIE);
}

/** A stale or missing token (say, after the server restarted) is refreshed once and the call repeated. */
export const isCsrfFailure = (error: ApiError): boolean =>
  error.status === 419 || (error.status === 403 && error.message === messages.csrfMissing);

/** What has been tried already: a fresh security token, the second factor given again (each at most once). */
interface Retries {
  csrf?: boolean;
  factor?: boolean;
}

async function send(path: string, options: RequestOptions, retried: Retries = {}): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  // A parent's tab names the child it shows; the server checks the link on every request (D50).
  const headers: Record<string, string> = { Accept: 'application/json', ...childHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    dropEarlyAnswers();
    const token = await xsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // Cancellation is not a failure: TanStack Query and effects abort on purpose.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkErrorMessage);
  }
  if (response.ok) {
    sessionState.recordSuccess(response.headers.get(SESSION_IDLE_HEADER));
    return response;
  }
  const error = await toApiError(response);
  if (method !== 'GET' && !retried.csrf && isCsrfFailure(error)) {
    await refreshCsrfCookie();
    return send(path, options, { ...retried, csrf: true });
  }
  // D51: a sensitive call asks for the second factor again, then is repeated once.
  if (!retried.factor && (await needsFreshFactor(error)) && (await askForSecondFactor()))
    return send(path, options, { ...retried, factor: true });
  throw error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) =>
    isRecord(item) && typeof item.message === 'string'
      ? [{ message: item.message, ...(typeof item.field === 'string' ? { field: item.field } : {}) }]
      : [],
  );
}

/** Spec section 8: the first errors[].message, else the message, else the status text. */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  const fieldErrors = isRecord(body) ? fieldErrorsOf(body.errors) : [];
  const message =
    fieldErrors[0]?.message ??
    (isRecord(body) && typeof body.message === 'string' && body.message ? body.message : null) ??
    (statusText || `The request failed (HTTP ${status}).`);
  return new ApiError(status, message, fieldErrors);
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  return apiErrorFrom(response.status, response.statusText, body);
}

/** What checks an answer: a zod schema, or a plain check of the same shape. */
export interface Check<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A check, or a schema that comes with its own chunk (see deferred-checks). */
export type Schema<T> = Check<T> | DeferredSchema<T>;

async function resolveSchema<T>(schema: Schema<T>): Promise<Check<T>> {
  if (!('load' in schema)) return schema;
  try {
    return await schema.load();
  } catch {
    throw new ApiError(0, networkErrorMessage);
  }
}

/**
 * The check for an answer, started with its request: a deferred schema's chunk then loads while the request
 * is on its way (a new tab's first `/api/me`), not after the answer is in.
 */
function startCheck<T>(schema: Schema<T>): Promise<Check<T>> {
  const check = resolveSchema(schema);
  // Awaited by `parse` once the answer is in; a failure before that is not an unhandled rejection.
  check.catch(() => undefined);
  return check;
}

async function parse<T>(response: Response, checking: Promise<Check<T>>): Promise<T> {
  const [body, check] = await Promise.all([readJson(response), checking]);
  const result = check.safeParse(body);
  if (!result.success) throw new ApiError(response.status, badResponseMessage);
  return result.data;
}

/** How long a GET started at start-up waits for its reader; after that it is asked again. */
const EARLY_ANSWER_MS = 10_000;
interface EarlyAnswer {
  response: Promise<Response>;
  controller: AbortController;
  expiry: ReturnType<typeof setTimeout>;
}
const early = new Map<string, EarlyAnswer>();

/**
 * Starts a GET before the code that reads it has loaded (app/early-data.ts): the next `apiGet` of the same
 * path takes its answer, once, instead of asking again. An answer nobody takes within EARLY_ANSWER_MS, or
 * still untaken at any write, is dropped (its request cancelled), so none is read from before a change.
 */
export function startEarlyGet(path: string): Promise<Response> {
  const started = early.get(path);
  if (started) return started.response;
  const controller = new AbortController();
  const response = send(path, { method: 'GET', signal: controller.signal });
  // Read (and its failure seen) by the `apiGet` that takes it.
  response.catch(() => undefined);
  const answer: EarlyAnswer = {
    response,
    controller,
    expiry: setTimeout(() => {
      if (early.get(path) === answer) dropEarly(path);
    }, EARLY_ANSWER_MS),
  };
  early.set(path, answer);
  return response;
}

function dropEarly(path: string): void {
  const answer = early.get(path);
  if (!answer) return;
  early.delete(path);
  clearTimeout(answer.expiry);
  answer.controller.abort();
}

/** Drops every early answer not yet taken (at a write, and between tests). */
export function dropEarlyAnswers(): void {
  for (const path of [...early.keys()]) dropEarly(path);
}

/** The early answer for `path`, if any, cancelled with the reader's request as its own would be. */
function takeEarly(path: string, signal: AbortSignal | undefined): Promise<Response> | undefined {
  const answer = early.get(path);
  if (!answer) return undefined;
  early.delete(path);
  clearTimeout(answer.expiry);
  if (signal?.aborted) {
    answer.controller.abort();
    return undefined;
  }
  signal?.addEventListener('abort', () => answer.controller.abort(), { once: true });
  return answer.response;
}

/** GET a JSON resource and check it against its schema. */
export async function apiGet<T>(path: string, schema: Schema<T>, signal?: AbortSignal): Promise<T> {
  const checking = startCheck(schema);
  return parse(await (takeEarly(path, signal) ?? send(path, { method: 'GET', signal })), checking);
}

/** GET one page of a list and the size of the whole list, from its X-Total-Count header. */
export async function apiGetPage<T>(
  path: string,
  schema: Schema<T>,
  signal?: AbortSignal,
): Promise<{ data: T; total: number }> {
  const checking = startCheck(schema);
  const response = await (takeEarly(path, signal) ?? send(path, { method: 'GET', signal }));
  const total = Number(response.headers.get('X-Total-Count'));
  const data = await parse(response, checking);
  if (!Number.isFinite(total)) throw new ApiError(response.status, badResponseMessage);
  return { data, total };
}

/** A state-changing call; with a schema the answer is checked and returned, otherwise ignored. */
export async function apiSend<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  schema: Schema<T>,
): Promise<T>;
export async function apiSend(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<void>;
export async function apiSend<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body?: unknown,
  schema?: Schema<T>,
): Promise<T | void> {
  const checking = schema && startCheck(schema);
  const response = await send(path, { method, body });
  if (checking) return parse(response, checking);
}

export const apiPost = <T>(path: string, body: unknown, schema: Schema<T>): Promise<T> =>
  apiSend('POST', path, body, schema);
