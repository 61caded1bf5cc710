import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEYS_MAX, RECOVERY_CODE_COUNT, WEBAUTHN_TICKET_MS, secondFactorMessages } from '@sp/domain';
import { staffPasskeys, webauthnChallenges } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { passkeyKit } from '../../test/passkey-kit.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = passkeyKit(() => t);

const passkeysOf = (staffUserId: number) =>
  t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_user_id, staffUserId));

describe('adding a passkey', () => {
  it('asks for a discoverable credential that verifies its user, on the portal’s own host', async () => {
    const { agent } = await kit.staff();
    const { ticket, options } = await kit.registerOptions(agent);
    expect(ticket).toMatch(/^[\w-]{43}$/);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    });
  });

  it('keeps the passkey, gives recovery codes with the first second factor only, and names its own in the options', async () => {
    const { id, agent } = await kit.staff();
    const first = await kit.addPasskey(agent, undefined, '  Office laptop ');
    expect(first.res.statusCode, first.res.body).toBe(200);
    const body = first.res.json<{ passkey: { id: number; name: string }; recovery_codes: string[] }>();
    expect(body.passkey).toMatchObject({ name: 'Office laptop', last_used_at: null });
    expect(body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);

    const second = await kit.addPasskey(agent, undefined, 'Phone');
    expect(second.res.json()).toMatchObject({ passkey: { name: 'Phone' }, recovery_codes: [] });

    const stored = await passkeysOf(id);
    expect(stored.map((p) => p.name).sort()).toEqual(['Office laptop', 'Phone']);
    expect(stored[0]!.transports).toEqual(['internal']);
    const { options } = await kit.registerOptions(agent);
    expect(options).toMatchObject({
      excludeCredentials: expect.arrayContaining(
        first.authenticator.credentials.concat(second.authenticator.credentials).map((c) => ({
          id: c.id,
          type: 'public-key',
          transports: ['internal'],
        })),
      ),
    });
    expect(await kit.history(id)).toEqual(['signed_in', 'passkey_added', 'passkey_added']);
  });

  it('refuses a ticket used once already, out of time, or handed to another account', async () => {
    const { agent } = await kit.staff();
    const other = await kit.staff();
    const authenticator = new SoftAuthenticator();
    const { ticket, options } = await kit.registerOptions(agent);
    const response = authenticator.register(options);
    expect((await agent.post('/api/passkeys/register', { ticket, name: 'A', response })).statusCode).toBe(
      200,
    );
    const again = await agent.post('/api/passkeys/register', { ticket, name: 'A', response });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: secondFactorMessages.ticketExpired });

    const late = await kit.registerOptions(agent);
    t.clock.advance(WEBAUTHN_TICKET_MS + 1000);
    const lateRes = await agent.post('/api/passkeys/register', {
      ticket: late.ticket,
      name: 'B',
      response: authenticator.register(late.options),
    });
    expect(lateRes.json()).toMatchObject({ message: secondFactorMessages.ticketExpired });

    // Another account cannot spend (nor use up) the ticket; its owner still can.
    const mine = await kit.registerOptions(agent);
    // Handing out a ticket swept the one that ran out.
    const left = await t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.ticket, late.ticket));
    expect(left).toEqual([]);
    const stolen = await other.agent.post('/api/passkeys/register', {
      ticket: mine.ticket,
      name: 'C',
      response: new SoftAuthenticator().register(mine.options),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: secondFactorMessages.ticketExpired });
    expect((await passkeysOf(other.id)).length).toBe(0);
    const kept = await agent.post('/api/passkeys/register', {
      ticket: mine.ticket,
      name: 'C',
      response: authenticator.register(mine.options),
    });
    expect(kept.statusCode).toBe(200);
  });

  it('refuses a passkey made for another site, without user verification, or a malformed answer, with a message', async () => {
    const { id, agent } = await kit.staff();
    const refused = async (authenticator: SoftAuthenticator, spoil = (r: Record<string, unknown>) => r) => {
      const { ticket, options } = await kit.registerOptions(agent);
      const response = spoil(authenticator.register(options));
      return agent.post('/api/passkeys/register', { ticket, name: 'Bad', response });
    };
    for (const res of [
      await refused(new SoftAuthenticator('https://portal.example.evil')),
      await refused(new SoftAuthenticator(undefined, { userVerified: false })),
      await refused(new SoftAuthenticator(undefined, { idBytes: 1024 })),
      await refused(new SoftAuthenticator(), (r) => ({
        ...r,
        response: { ...(r.response as object), attestationObject: 'AAAA' },
      })),
      await refused(new SoftAuthenticator(), (r) => ({ ...r, response: { clientDataJSON: 'e30' } })),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: secondFactorMessages.passkeyFailed });
    }
    // Shapes the schema refuses name their field.
    const { ticket } = await kit.registerOptions(agent);
    const bad = await agent.post('/api/passkeys/register', { ticket, name: '', response: { id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toContain('name');
    expect(await passkeysOf(id)).toEqual([]);
  });

  it(`keeps at most ${PASSKEYS_MAX} passkeys per account`, async () => {
    const { agent } = await kit.staff();
    const pending = await kit.registerOptions(agent);
    for (let i = 0; i < PASSKEYS_MAX; i++)
      expect((await kit.addPasskey(agent, undefined, `Key ${i}`)).res.statusCode).toBe(200);
    const more = await agent.post('/api/passkeys/register-options', {});
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message: secondFactorMessages.passkeyTooMany });
    // Options handed out before the last one was added do not get past the limit either.
    const late = await agent.post('/api/passkeys/register', {
      ticket: pending.ticket,
      name: 'One more',
      response: new SoftAuthenticator().register(pending.options),
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('the relying party', () => {
  it('is the host the request came to, without PUBLIC_URL', async () => {
    const { agent } = await kit.staff();
    const res = await agent.post(
      '/api/passkeys/register-options',
      {},
      { headers: { host: 'portal.school.tt:8443' } },
    );
    const { ticket, options } = res.json<{ ticket: string; options: { rp: { id: string } } }>();
    expect(options.rp.id).toBe('portal.school.tt');
    const response = new SoftAuthenticator('http://portal.school.tt:8443').register(
      options as Parameters<SoftAuthenticator['register']>[0],
    );
    const added = await agent.post(
      '/api/passkeys/register',
      { ticket, name: 'Lab', response },
      { headers: { host: 'portal.school.tt:8443' } },
    );
    expect(added.statusCode, added.body).toBe(200);
  });

  it('is PUBLIC_URL’s host and origin when it is set, whatever the request says', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://portal.example.edu.tt' });
    try {
      const otherKit = passkeyKit(() => other);
      const { agent } = await otherKit.staff();
      const { options } = await otherKit.registerOptions(agent);
      expect(options.rp.id).toBe('portal.example.edu.tt');
      expect(
        (await otherKit.addPasskey(agent, new SoftAuthenticator('https://portal.example.edu.tt'))).res
          .statusCode,
      ).toBe(200);
      const local = await otherKit.addPasskey(agent, new SoftAuthenticator('http://localhost'));
      expect(local.res.statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });
});
