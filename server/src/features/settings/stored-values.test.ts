import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Settings are written and read through their schema: any text stays text, and a bad stored value is never a 500. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'warn', stream: logStream } });
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const JSON_LOOKING = ['"2026"', 'true', '12345', 'null', '{"a":1}', '[1,2]', '"', '1e400'];

describe('a text setting that reads as JSON', () => {
  it.each(['school_name', 'school_address', 'school_motto'] as const)(
    '%s comes back as the text typed, in the panel and before sign-in',
    async (key) => {
      for (const text of JSON_LOOKING) {
        const res = await admin.post('/api/settings', { [key]: text });
        expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
        expect(res.json()[key]).toBe(text);
        const panel = await admin.get('/api/settings');
        expect(panel.statusCode, panel.body).toBe(200);
        expect(panel.json()[key]).toBe(text);
        const pub = await t.agent().get('/api/settings/public');
        expect(pub.statusCode, pub.body).toBe(200);
        if (key !== 'school_address') expect(pub.json()[key]).toBe(text);
      }
    },
  );
});

describe('a stored value that does not fit its setting', () => {
  it('reads as the default and is logged (text kept as JSON by an older release reads as that text), and the next save repairs it', async () => {
    const db = t.database.db;
    const broken: [string, string][] = [
      ['school_name', 'true'],
      ['school_address', '12345'],
      ['school_motto', '{"a":1}'],
      ['school_logo', '"not a logo"'],
      ['id_lookup_enabled', '"yes"'],
      ['learning_challenges_enabled', '[true]'],
    ];
    for (const [key, json] of broken) {
      await db
        .insert(settings)
        .values({ key, value: sql`${json}::jsonb` })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`${json}::jsonb` } });
    }
    logLines.length = 0;
    const panel = await admin.get('/api/settings');
    expect(panel.statusCode, panel.body).toBe(200);
    expect(panel.json()).toMatchObject({
      school_name: 'true',
      school_address: '12345',
      school_motto: '',
      logo_url: null,
      id_lookup_enabled: false,
      learning_challenges_enabled: false,
    });
    expect((await t.agent().get('/api/settings/public')).statusCode).toBe(200);
    expect((await t.agent().get('/api/settings/logo')).statusCode).toBe(404);
    expect(logLines.join('')).toMatch(/school_motto/);
    // The value sent replaces the broken one.
    const fixed = await admin.post('/api/settings', { school_motto: 'Sapientia', id_lookup_enabled: true });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ school_motto: 'Sapientia', id_lookup_enabled: true });
  });
});
