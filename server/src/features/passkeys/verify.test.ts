import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_FACTOR_FIELD, SECOND_FACTOR_FRESH_MS, secondFactorMessages } from '@sp/domain';
import { writeSetting } from '../../shared/settings.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { passkeyKit } from '../../test/passkey-kit.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  // Sessions that outlive the 12 hours a second factor stays fresh.
  t = await createTestApp({ SESSION_ABSOLUTE_HOURS: '48', SESSION_IDLE_MINUTES: '1440' });
});
afterAll(() => t.close());
const kit = passkeyKit(() => t);

type Options = Parameters<SoftAuthenticator['answer']>[0] & { allowCredentials?: { id: string }[] };

describe('giving the passkey again', () => {
  it('after 12 hours a sensitive action asks again; the own passkey answers and the action goes through', async () => {
    const staff = await kit.staff();
    const { res, authenticator } = await kit.addPasskey(staff.agent);
    const passkeyId = res.json<{ passkey: { id: number } }>().passkey.id;
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 60_000);
    const asked = await staff.agent.post(`/api/passkeys/${passkeyId}/remove`, {});
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({
      message: secondFactorMessages.freshRequired,
      errors: [{ field: FRESH_FACTOR_FIELD }],
    });

    const opts = await staff.agent.post('/api/passkeys/verify-options');
    expect(opts.statusCode, opts.body).toBe(200);
    const { ticket, options } = opts.json<{ ticket: string; options: Options }>();
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);
    const response = authenticator.answer(options);
    const verified = await staff.agent.post('/api/passkeys/verify', { ticket, response });
    expect(verified.statusCode, verified.body).toBe(204);
    // The ticket is spent.
    const again = await staff.agent.post('/api/passkeys/verify', { ticket, response });
    expect(again.json()).toMatchObject({ message: secondFactorMessages.ticketExpired });
    expect((await staff.agent.post(`/api/passkeys/${passkeyId}/remove`, {})).statusCode).toBe(204);
  });

  it('another member of staff’s passkey is no answer, and an account without one gets no options', async () => {
    const a = await kit.staff();
    const b = await kit.staff();
    const { authenticator: bKey } = await kit.addPasskey(b.agent);
    await kit.addPasskey(a.agent);
    const opts = (await a.agent.post('/api/passkeys/verify-options')).json<{
      ticket: string;
      options: Options;
    }>();
    const res = await a.agent.post('/api/passkeys/verify', {
      ticket: opts.ticket,
      response: bKey.answer({ ...opts.options, allowCredentials: undefined }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: secondFactorMessages.passkeyNotFound });
    // B's ticket is B's alone.
    const bOpts = (await b.agent.post('/api/passkeys/verify-options')).json<{
      ticket: string;
      options: Options;
    }>();
    const stolen = await a.agent.post('/api/passkeys/verify', {
      ticket: bOpts.ticket,
      response: bKey.answer(bOpts.options),
    });
    expect(stolen.json()).toMatchObject({ message: secondFactorMessages.ticketExpired });
    expect(
      (
        await b.agent.post('/api/passkeys/verify', {
          ticket: bOpts.ticket,
          response: bKey.answer(bOpts.options),
        })
      ).statusCode,
    ).toBe(204);

    const none = await kit.staff();
    const noOptions = await none.agent.post('/api/passkeys/verify-options');
    expect(noOptions.statusCode).toBe(404);
  });

  it('a session that may only set up its second factor is fully signed in once a passkey is added', async () => {
    await writeSetting(t.database.db, 'second_factor_policy', 'admins', t.clock.now());
    try {
      const admin = await kit.staff('admin');
      expect((await admin.agent.get('/api/students')).statusCode).toBe(403);
      const { res } = await kit.addPasskey(admin.agent);
      expect(res.json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
      expect((await admin.agent.get('/api/students')).statusCode).toBe(200);
    } finally {
      await writeSetting(t.database.db, 'second_factor_policy', 'optional', t.clock.now());
    }
  });
});
