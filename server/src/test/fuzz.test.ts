import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CHILD_HEADER, STUDENT_FIELD_NAMES } from '@sp/domain';
import { auditLog, students } from '../db/schema.js';
import type { Agent } from './agent.js';
import { createStudent, openRegistration, setIdLookup } from './factories.js';
import { multipart, samples } from './multipart.js';
import { ensureTerm } from './term-factories.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * D15: no input gives a 5xx. Every write route of the OpenAPI document gets wrong types, nulls, arrays,
 * huge and control-character strings, `__proto__` keys, deep nesting, broken JSON and wrong content types,
 * as an anonymous caller, a student, an admin and parents (D50). Any answer outside 2xx–4xx fails the test.
 */

interface JsonSchema {
  type?: string;
  minimum?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: Parameter[];
}

/** One request to send: a JSON value, or a raw body with its content type. */
type Payload = { name: string; json: unknown } | { name: string; raw: string | Buffer; type: string };

const HUGE = 'x'.repeat(20_000);
/** Replacement values for one field: wrong types, empties, limits, control characters, tricks. */
const FIELD_VALUES: [string, unknown][] = [
  ['null', null],
  ['number', 12345],
  ['negative', -1],
  ['fraction', 1.5],
  ['boolean', true],
  ['array', ['a', 'b']],
  ['object', { a: 1 }],
  ['empty', ''],
  ['spaces', '   '],
  ['huge', HUGE],
  ['NUL', 'a\u0000b'],
  ['escape', 'a\u001b[31mb'],
  ['bidi', 'abc\u202Egpj.exe'],
  ['emoji', '\u{1F4A9}'.repeat(30)],
  ['sql', "1' OR '1'='1"],
  ['path', '../../etc/passwd'],
  ['bad date', '2014-13-01'],
  ['zero date', '0000-00-00'],
  ['big number', 1e300],
  ['2^31', 2_147_483_648],
  ['lone surrogate', 'a\ud800b'],
];
/** On the record's 130 fields, the kinds most likely to reach the database. */
const RECORD_FIELD_VALUES = FIELD_VALUES.filter(([n]) =>
  ['null', 'number', 'array', 'object', 'huge', 'NUL', 'bad date', 'lone surrogate', 'empty'].includes(n),
);

function sample(schema: JsonSchema | undefined, name: string, owner: string): unknown {
  if (name === 'id' || name === 'student_id') return owner;
  if (!schema) return 'Asha';
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0], name, owner);
  if (schema.format === 'date' || name.includes('date')) return '2013-04-09';
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (name.toLowerCase().includes('password')) return 'Some-pass-123';
  return 'Asha';
}

const withRawKey = (base: Record<string, unknown>, key: string, value: string) =>
  JSON.stringify(base).replace(/^\{/, `{"${key}":${value}${Object.keys(base).length ? ',' : ''}`);

function jsonPayloads(schema: JsonSchema | undefined, owner: string): Payload[] {
  const declared = schema?.properties ?? {};
  const open = schema?.additionalProperties !== undefined && schema.additionalProperties !== false;
  const base = Object.fromEntries(Object.entries(declared).map(([k, s]) => [k, sample(s, k, owner)]));
  const payloads: Payload[] = [];
  for (const key of Object.keys(declared)) {
    for (const [kind, value] of FIELD_VALUES)
      payloads.push({ name: `${key}: ${kind}`, json: { ...base, [key]: value } });
  }
  if (open) {
    for (const field of STUDENT_FIELD_NAMES) {
      for (const [kind, value] of RECORD_FIELD_VALUES)
        payloads.push({ name: `${field}: ${kind}`, json: { ...base, [field]: value } });
    }
  }
  const json = 'application/json';
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  payloads.push(
    { name: 'valid-looking', json: base },
    { name: 'empty object', json: {} },
    { name: 'body null', raw: 'null', type: json },
    { name: 'body array', json: [base] },
    { name: 'body string', raw: '"text"', type: json },
    { name: 'body number', raw: '42', type: json },
    { name: 'unknown field', json: { ...base, is_admin: true } },
    { name: '__proto__ key', raw: withRawKey(base, '__proto__', '{"is_admin":true}'), type: json },
    {
      name: 'constructor.prototype key',
      raw: withRawKey(base, 'constructor', '{"prototype":{"x":1}}'),
      type: json,
    },
    { name: 'nested 10 000 deep', raw: deep(10_000), type: json },
    { name: 'deep field', raw: withRawKey(base, 'x', deep(5_000)), type: json },
    { name: 'invalid JSON', raw: '{"student_id":', type: json },
    { name: 'empty JSON body', raw: '', type: json },
    { name: 'JSON with NUL', raw: '{"a":"\u0000"}', type: json },
    { name: 'text/plain', raw: JSON.stringify(base), type: 'text/plain' },
    { name: 'form-encoded', raw: 'student_id=1&password=2', type: 'application/x-www-form-urlencoded' },
    { name: 'xml', raw: '<a>1</a>', type: 'application/xml' },
    { name: 'multipart to a JSON route', ...multipartPayload({ id: owner, file_type: 'picture' }) },
    { name: 'no boundary', raw: 'abc', type: 'multipart/form-data' },
    { name: 'over the body limit', raw: `{"a":"${'x'.repeat(1_100_000)}"}`, type: json },
  );
  return payloads;
}

function multipartPayload(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const { body, headers } = multipart(fields, file);
  return { raw: body, type: headers['content-type']! };
}

function uploadPayloads(owner: string): Payload[] {
  const png = { name: 'photo.png', data: samples.png };
  const payloads: Payload[] = [];
  for (const key of ['id', 'file_type']) {
    for (const [kind, value] of FIELD_VALUES) {
      if (typeof value !== 'string') continue;
      const fields = { id: owner, file_type: 'picture', [key]: value };
      payloads.push({ name: `${key}: ${kind}`, ...multipartPayload(fields, png) });
    }
  }
  for (const [kind, value] of FIELD_VALUES) {
    if (typeof value !== 'string' || value === '') continue;
    const fields = { id: owner, file_type: 'picture' };
    payloads.push({
      name: `file name: ${kind}`,
      ...multipartPayload(fields, { name: value, data: samples.png }),
    });
  }
  const fields = { id: owner, file_type: 'picture' };
  payloads.push(
    { name: 'no file', ...multipartPayload(fields) },
    { name: 'empty file', ...multipartPayload(fields, { name: 'a.png', data: Buffer.alloc(0) }) },
    { name: 'an executable', ...multipartPayload(fields, { name: 'a.png', data: samples.elf }) },
    { name: 'unknown field', ...multipartPayload({ ...fields, extra: 'x' }, png) },
    { name: 'JSON instead', json: fields },
    { name: 'boundary only', raw: '--x--\r\n', type: 'multipart/form-data; boundary=x' },
    { name: 'garbage', raw: Buffer.from([0, 1, 2, 3, 255]), type: 'multipart/form-data; boundary=x' },
  );
  return payloads;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  await setIdLookup(t.database.db, true);
  await openRegistration(t.database.db);
  // Term 1 exists, so a term route reaches its class and student queries with the other parameters.
  await ensureTerm(t.database.db, 2025, 1);
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

/**
 * A parent of the owner and another child reaches every code path a parent of the owner alone does (the guard
 * asks only whether the named child is linked), so the payloads are sent by that one and by a parent of none.
 */
const callers = ['anonymous', 'student', 'admin', 'parentOfBoth', 'parentOfNobody'] as const;
let sent = 0;

const newStudent = async () => (await createStudent(t.database.db, { password: 'Owner-pass-123' })).id;

/** The caller and the record its requests name; a linked parent's tab names that child (CHILD_HEADER). */
async function callerFor(
  caller: (typeof callers)[number],
): Promise<{ agent: Agent; owner: string; headers: Record<string, string> }> {
  if (caller === 'student') {
    const { agent, student } = await t.signInStudent();
    return { agent, owner: student.id, headers: {} };
  }
  const owner = await newStudent();
  if (caller === 'parentOfBoth') {
    const children = [await newStudent(), owner];
    return { agent: (await t.signInParent(children)).agent, owner, headers: { [CHILD_HEADER]: owner } };
  }
  if (caller === 'parentOfNobody') return { agent: (await t.signInParent([])).agent, owner, headers: {} };
  return { agent: caller === 'admin' ? await t.signInAdmin() : t.agent(), owner, headers: {} };
}

describe('fuzzing every write route', () => {
  it('finds the write routes in the OpenAPI document', () => {
    const writes = Object.entries(doc.paths).filter(([, ops]) => ops.post);
    expect(writes.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/api/login-student', '/api/student', '/api/store-file', '/logout']),
    );
  });

  it.each(callers)(
    'answers every payload below 500, as %s',
    async (caller) => {
      const failures: string[] = [];
      const routes = Object.entries(doc.paths)
        .filter(([, ops]) => ops.post)
        .map(([path, ops]) => ({ path, op: ops.post! }))
        // Signing out last keeps the session for the other routes.
        .sort((a, b) => Number(a.path === '/logout') - Number(b.path === '/logout'));
      for (const { path, op } of routes) {
        const { agent, owner, headers } = await callerFor(caller);
        const schema = op.requestBody?.content['application/json']?.schema;
        const payloads =
          op.requestBody || path !== '/api/store-file' ? jsonPayloads(schema, owner) : uploadPayloads(owner);
        for (const payload of payloads) {
          // A new address for each payload, so the per-address limits let every payload reach validation.
          Object.assign(agent, { ip: `198.18.${(sent >> 8) & 255}.${sent & 255}` });
          const res =
            'json' in payload
              ? await agent.request('POST', path, {
                  body: payload.json ?? 'null',
                  headers: { ...headers, 'content-type': 'application/json' },
                })
              : await agent.request('POST', path, {
                  body: payload.raw,
                  headers: { ...headers, 'content-type': payload.type },
                });
          sent++;
          if (res.statusCode >= 500 || res.statusCode < 200)
            failures.push(`${path} ${payload.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
      // Every write route adds its payloads: the time grows with the API, not with a fault.
    },
    180_000,
  );

  it('sent thousands of payloads', () => {
    expect(sent).toBeGreaterThan(3000);
  });
});

/** Path and query values as sent on the wire: limits, number tricks, control characters, JSON-looking text. */
const PARAM_VALUES: [string, string][] = [
  ['2^31', '2147483648'],
  ['2^53 + 1', '9007199254740993'],
  ['400 digits', '9'.repeat(400)],
  ['1e400', '1e400'],
  ['negative', '-1'],
  ['zero', '0'],
  ['hex', '0x1'],
  ['trailing space', '1%20'],
  ['leading space', '%201'],
  ['plus sign', '%2B1'],
  ['exponent', '1e3'],
  ['fraction', '1.5'],
  ['empty', ''],
  ['NUL', '%00'],
  ['NUL inside', '1A%00'],
  ['escape', '%1B%5B31m'],
  ['tab', '1%09'],
  ['emoji', encodeURIComponent('\u{1F4A9}'.repeat(10))],
  ['bidi', '%E2%80%AEabc'],
  ['bad percent', '%ff%fe'],
  ['long', 'x'.repeat(5000)],
  ['JSON string', encodeURIComponent('"2026"')],
  ['JSON true', 'true'],
  ['JSON number', '12345'],
  ['sql', encodeURIComponent("1' OR '1'='1")],
  ['__proto__', '__proto__'],
  ['dots', '..%2F..%2Fetc%2Fpasswd'],
];

/** A value the parameter accepts, so only the parameter under test is wrong. */
function paramSample(p: Parameter, owner: string): string {
  const declared = p.schema ?? {};
  // A number read from the address is declared as a number or a string of digits.
  const s = declared.anyOf?.find((a) => a.type === 'integer' || a.type === 'number') ?? declared;
  if (s.enum) return String(s.enum[0]);
  if (s.type === 'integer' || s.type === 'number') return String(Math.max(1, s.minimum ?? 1));
  if (p.name.includes('class')) return '1A';
  return owner;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** The JSON body a route's schema accepts, naming `owner` where it names a student; none for GET or DELETE. */
function validBody(op: Operation, method: Method, owner: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  const valid = jsonPayloads(op.requestBody?.content['application/json']?.schema, owner).find(
    (p) => p.name === 'valid-looking',
  );
  return valid && 'json' in valid ? valid.json : {};
}

/** Every route and method of the OpenAPI document, with a URL per wrong parameter value. */
function paramRequests(owner: string): { method: Method; url: string; name: string; body?: unknown }[] {
  const out: { method: Method; url: string; name: string; body?: unknown }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    // Signing out would end the session the other requests use.
    if (path === '/logout') continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Method;
      if (!METHODS.includes(method)) continue;
      const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      const body = validBody(op, method, owner);
      const build = (name: string, wrong: string, extraQuery = '') => {
        const values = Object.fromEntries(params.map((p) => [p.name, paramSample(p, owner)]));
        const query: string[] = extraQuery ? [extraQuery] : [];
        for (const p of params)
          if (p.in === 'query' && p.required && p.name !== name) query.push(`${p.name}=${values[p.name]}`);
        if (name) {
          const param = params.find((p) => p.name === name)!;
          if (param.in === 'query') query.push(`${name}=${wrong}`);
          else values[name] = wrong;
        }
        const url = path.replace(/\{(\w+)\}/g, (_, n: string) => values[n]!);
        return url + (query.length ? `?${query.join('&')}` : '');
      };
      // Parameters nobody declared, and a repeated one, reach no handler as anything but text.
      out.push({ method, url: build('', '', 'x=%00&id=0x1&id=2'), name: 'undeclared query', body });
      for (const p of params) {
        for (const [kind, value] of PARAM_VALUES)
          out.push({ method, url: build(p.name, value), name: `${p.in} ${p.name}: ${kind}`, body });
        if (p.in === 'query')
          out.push({ method, url: build(p.name, `1&${p.name}=2`), name: `query ${p.name}: repeated`, body });
      }
    }
  }
  return out;
}

describe('fuzzing every route’s path and query parameters', () => {
  it.each(['student', 'admin', 'parentOfBoth'] as const)(
    'answers every parameter below 500, as %s',
    async (caller) => {
      const { agent, owner, headers } = await callerFor(caller);
      const failures: string[] = [];
      const requests = paramRequests(owner);
      for (const { method, url, name, body } of requests) {
        Object.assign(agent, { ip: `198.19.${(sent >> 8) & 255}.${sent & 255}` });
        const res = await agent.request(method, url, { body, headers });
        sent++;
        if (res.statusCode >= 500 || res.statusCode < 200)
          failures.push(
            `${method} ${url.slice(0, 120)} (${name}): ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
      }
      expect(failures).toEqual([]);
      expect(requests.length).toBeGreaterThan(1000);
      // A wrong id taken for a real one (0x1 as 1) could have changed this very account and hidden the rest.
      expect((await agent.get('/api/me')).statusCode).toBe(200);
    },
    120_000,
  );
});

/** Text a setting may be given: each is refused with a 4xx or kept, and read back, as that very text. */
const SETTING_TEXTS = [
  '9'.repeat(400),
  '-1',
  '0x1',
  '1 ',
  'a\u0000b',
  '\u{1F4A9}'.repeat(30),
  'x'.repeat(20_000),
  '"2026"',
  'true',
  '12345',
  'null',
  '{"a":1}',
  '[1,2]',
  '1e400',
  '"',
];

describe('fuzzing the settings’ text values', () => {
  it('keeps every text setting readable, before and after sign-in', async () => {
    const admin = await t.signInAdmin();
    const body = doc.paths['/api/settings']!.post!.requestBody!.content['application/json']!.schema;
    const texts = Object.entries(body.properties ?? {})
      .filter(([, s]) => s.type === 'string')
      .map(([k]) => k);
    expect(texts).toEqual(expect.arrayContaining(['school_name', 'school_motto', 'terms_and_conditions']));
    const failures: string[] = [];
    for (const key of texts) {
      for (const text of SETTING_TEXTS) {
        const saved = await admin.post('/api/settings', { [key]: text });
        const panel = await admin.get('/api/settings');
        const pub = await t.agent().get('/api/settings/public');
        const what = `${key} = ${JSON.stringify(text).slice(0, 30)}`;
        for (const res of [saved, panel, pub])
          if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (saved.statusCode === 200 && panel.json()[key] !== saved.json()[key])
          failures.push(`${what}: saved ${saved.json()[key]}, read ${panel.json()[key]}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/** One well-formed request to every route and method that names `student` in its path or JSON body. */
function requestsNaming(student: string) {
  const out: { method: Method; path: string; url: string; body?: unknown; upload?: Payload }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Method;
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const values = Object.fromEntries(params.map((p) => [p.name, paramSample(p, student)]));
      const where = path.replace(/\{(\w+)\}/g, (_, n: string) => values[n]!);
      const query = params
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${values[p.name]}`);
      const url = where + (query.length ? `?${query.join('&')}` : '');
      if (path === '/api/store-file') {
        const fields = { id: student, file_type: 'picture' };
        out.push({ method, path, url, upload: { name: 'upload', ...multipartPayload(fields, uploadFile) } });
        continue;
      }
      const body = validBody(op, method, student);
      // The path and a text ID in the body name students; a query's text (a token) and a number do not.
      const fields = op.requestBody?.content['application/json']?.schema?.properties ?? {};
      const numeric = (f: JsonSchema) => [f, ...(f.anyOf ?? [])].some((x) => x.type === 'integer');
      const inBody = ['id', 'student_id'].some((k) => fields[k] && !numeric(fields[k]));
      if (where.includes(student) || inBody) out.push({ method, path, url, body });
    }
  }
  return out;
}
const uploadFile = { name: 'photo.png', data: samples.png };

/**
 * Routes where naming any student is the point, and a parent hears what anyone hears: signing in (a wrong
 * password), asking for a reset link, linking a child by its code (a made-up code).
 */
const OPEN_TO_ANY_STUDENT: Record<string, number> = {
  'POST /api/login-student': 401,
  'POST /api/forgot-password': 200,
  'POST /api/parent/children': 400,
};

describe('a parent swapping the student ID (D50)', () => {
  it('is refused every route for a child it is not linked to, and for a withdrawn linked child', async () => {
    const [a, b, withdrawn] = [await newStudent(), await newStudent(), await newStudent()];
    const { agent } = await t.signInParent([a, withdrawn]);
    await t.database.db.update(students).set({ withdrawn_at: new Date() }).where(eq(students.id, withdrawn));
    const unexpected: string[] = [];
    let requests = 0;
    for (const [named, tab] of [
      [b, a],
      [withdrawn, withdrawn],
    ] as const) {
      for (const { method, path, url, body, upload } of requestsNaming(named)) {
        const headers: Record<string, string> = { [CHILD_HEADER]: tab };
        const options =
          upload && 'raw' in upload
            ? { body: upload.raw, headers: { ...headers, 'content-type': upload.type } }
            : { body, headers };
        const res = await agent.request(method, url, options);
        requests++;
        const expected = OPEN_TO_ANY_STUDENT[`${method} ${path}`] ?? 403;
        if (res.statusCode !== expected)
          unexpected.push(`${method} ${url} naming ${named}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(unexpected).toEqual([]);
    // Every route that takes a student ID in its path or body (30 when parents came), once per child.
    expect(requests).toBeGreaterThanOrEqual(60);
    const named = requestsNaming(b).map((r) => `${r.method} ${r.path}`);
    expect(named).toEqual(
      expect.arrayContaining([
        'POST /api/student',
        'POST /api/store-file',
        'GET /api/registration-form/{id}',
      ]),
    );
    // Nothing was written for either child, and the parent still acts for its own.
    const written = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.student_id, [b, withdrawn]));
    expect(written.filter((r) => r.actor_kind === 'parent')).toEqual([]);
    expect((await agent.get(`/api/student/${a}`, { [CHILD_HEADER]: a })).statusCode).toBe(200);
  }, 60_000);
});
