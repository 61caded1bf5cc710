import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SIGN_INS_KEPT, secondFactorMessages } from '@sp/domain';
import { auditLog, staffPasskeys, staffRecoveryCodes, staffUsers } from '../../db/schema.js';
import { writeSetting } from '../../shared/settings.js';
import { listStaffSignIns, recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { passkeyKit } from '../../test/passkey-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = passkeyKit(() => t);

const namesOf = async (staffUserId: number) =>
  (
    await t.database.db
      .select({ name: staffPasskeys.name })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staff_user_id, staffUserId))
  ).map((r) => r.name);

/** An account with one passkey, and the passkey's id and the recovery codes it came with. */
async function withPasskey(role: 'staff' | 'admin' = 'staff') {
  const staff = await kit.staff(role);
  const { res } = await kit.addPasskey(staff.agent);
  const body = res.json<{ passkey: { id: number }; recovery_codes: string[] }>();
  return { ...staff, passkeyId: body.passkey.id, codes: body.recovery_codes };
}

describe('renaming and removing a passkey', () => {
  it('renames the own passkey; a blank or long name is refused with its message', async () => {
    const { id, agent, passkeyId } = await withPasskey();
    const res = await agent.post(`/api/passkeys/${passkeyId}/rename`, { name: ' Home desktop ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: passkeyId, name: 'Home desktop' });
    const blank = await agent.post(`/api/passkeys/${passkeyId}/rename`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: secondFactorMessages.passkeyNameRequired });
    expect((await agent.post(`/api/passkeys/${passkeyId}/rename`, { name: 'x'.repeat(61) })).statusCode).toBe(
      400,
    );
    expect((await agent.post('/api/passkeys/abc/rename', { name: 'A' })).statusCode).toBe(400);
    expect(await namesOf(id)).toEqual(['Home desktop']);
  });

  it('another member of staff can neither rename nor remove someone’s passkey (404), which stays as it was', async () => {
    const owner = await withPasskey();
    const other = await withPasskey('admin');
    const rename = await other.agent.post(`/api/passkeys/${owner.passkeyId}/rename`, { name: 'Taken' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toMatchObject({ message: secondFactorMessages.passkeyNotFound });
    const remove = await other.agent.post(`/api/passkeys/${owner.passkeyId}/remove`, {});
    expect(remove.statusCode).toBe(404);
    expect(await namesOf(owner.id)).toEqual(['Office laptop']);
    expect(await namesOf(other.id)).toEqual(['Office laptop']);
  });

  it('removes the own passkey and notes it in the sign-in history and the audit log', async () => {
    const { id, username, agent, passkeyId } = await withPasskey();
    // The page may send no body at all.
    const res = await agent.post(`/api/passkeys/${passkeyId}/remove`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await namesOf(id)).toEqual([]);
    expect(await kit.history(id)).toEqual(['signed_in', 'passkey_added', 'passkey_removed']);
    expect((await agent.post(`/api/passkeys/${passkeyId}/remove`, {})).statusCode).toBe(404);
    // The audit log keeps both changes too, whoever floods the sign-in history afterwards.
    const changes = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_factor'), eq(auditLog.actor_id, username)));
    expect(changes.map((c) => (c.detail as { change: string }).change)).toEqual([
      'passkey_added',
      'passkey_removed',
    ]);
  });

  it('a flood of wrong passwords from many addresses leaves the passkey changes in the sign-in history', async () => {
    const { id, agent, passkeyId } = await withPasskey();
    expect((await agent.post(`/api/passkeys/${passkeyId}/remove`, {})).statusCode).toBe(204);
    for (let i = 0; i < STAFF_SIGN_INS_KEPT + 10; i++)
      await recordStaffSignIn(t.database.db, {
        staffUserId: id,
        outcome: 'wrong_password',
        ip: `198.51.100.${i}`,
        at: new Date(Date.now() + 1000 + i),
      });
    const listed = (await listStaffSignIns(t.database.db, id)).map((r) => r.outcome);
    expect(listed.filter((o) => o === 'wrong_password')).toHaveLength(STAFF_SIGN_INS_KEPT);
    expect(listed.slice(-2)).toEqual(['passkey_removed', 'passkey_added']);
  });

  it('the only active administrator removes their last second factor only with a recovery code, used up by it', async () => {
    const admin = await withPasskey('admin');
    const second = (await kit.addPasskey(admin.agent)).res.json<{ passkey: { id: number } }>().passkey.id;
    // Every other administrator is deactivated: this one is the school's only one.
    await t.database.db.update(staffUsers).set({ active: false }).where(ne(staffUsers.id, admin.id));
    // Not the last factor yet: no code needed.
    expect((await admin.agent.post(`/api/passkeys/${second}/remove`, {})).statusCode).toBe(204);

    // The school requires a second factor of administrators.
    await writeSetting(t.database.db, 'second_factor_policy', 'admins', new Date());
    const url = `/api/passkeys/${admin.passkeyId}/remove`;
    for (const body of [{}, { recovery_code: 'aaaa-bbbb-cccc' }]) {
      const res = await admin.agent.post(url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: secondFactorMessages.lastAdminNeedsRecovery,
        errors: [{ field: 'recovery_code' }],
      });
    }
    expect(await namesOf(admin.id)).toEqual(['Office laptop']);
    expect((await admin.agent.post(url, { recovery_code: 'k7dq' })).statusCode).toBe(400);
    const ok = await admin.agent.post(url, { recovery_code: admin.codes[0] });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await namesOf(admin.id)).toEqual([]);
    const spent = await t.database.db
      .select({ used_at: staffRecoveryCodes.used_at })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staff_user_id, admin.id), isNotNull(staffRecoveryCodes.used_at)));
    // The last factor gone, its recovery codes go too: the next factor comes with a new set.
    expect(spent).toHaveLength(0);
    // The spent code and the removal are in the history; the session may now only set a factor up again, as
    // the school requires one of administrators.
    expect((await kit.history(admin.id)).slice(-2)).toEqual(['recovery_code_used', 'passkey_removed']);
    expect((await admin.agent.get('/api/me')).json().must_enrol).toBe(true);
    expect((await admin.agent.get('/api/terms')).statusCode).toBe(403);

    // A member of staff (not an administrator) needs no code for their last one.
    const staff = await withPasskey('staff');
    expect((await staff.agent.post(`/api/passkeys/${staff.passkeyId}/remove`, {})).statusCode).toBe(204);
    // The school requires a factor of administrators only: the member of staff carries on.
    expect((await staff.agent.get('/api/me')).json().must_enrol).toBe(false);
    await t.database.db.update(staffUsers).set({ active: true }).where(ne(staffUsers.id, admin.id));
    await writeSetting(t.database.db, 'second_factor_policy', 'optional', new Date());
  });
});
