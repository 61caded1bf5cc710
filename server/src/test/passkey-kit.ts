import { eq } from 'drizzle-orm';
import type { StaffRole } from '@sp/domain';
import { staffSignIns } from '../db/schema.js';
import type { Agent } from './agent.js';
import { createStaff } from './factories.js';
import type { TestApp } from './test-app.js';
import { SoftAuthenticator } from './soft-authenticator.js';

/** For passkey tests: staff accounts signed in by password, and passkeys added as a browser adds them. */
export function passkeyKit(t: () => TestApp) {
  const kit = {
    /** A new account of `role`, signed in with its password (no second factor yet). */
    async staff(role: StaffRole = 'staff') {
      const user = await createStaff(t().database.db, undefined, undefined, role);
      const agent = t().agent();
      const res = await agent.post('/api/admin-login', { name: user.username, password: user.password });
      if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
      return { ...user, agent };
    },

    async registerOptions(agent: Agent) {
      const res = await agent.post('/api/passkeys/register-options', {});
      if (res.statusCode !== 200) throw new Error(`register-options: ${res.statusCode} ${res.body}`);
      return res.json<{ ticket: string; options: Parameters<SoftAuthenticator['register']>[0] }>();
    },

    /** Adds a passkey made by `authenticator` (a new one by default) to the agent's account. */
    async addPasskey(agent: Agent, authenticator = new SoftAuthenticator(), name = 'Office laptop') {
      const { ticket, options } = await kit.registerOptions(agent);
      const res = await agent.post('/api/passkeys/register', {
        ticket,
        name,
        response: authenticator.register(options),
      });
      return { res, authenticator };
    },

    /** The account's sign-in history, oldest first. */
    async history(staffUserId: number) {
      const rows = await t()
        .database.db.select({ outcome: staffSignIns.outcome })
        .from(staffSignIns)
        .where(eq(staffSignIns.staff_user_id, staffUserId))
        .orderBy(staffSignIns.id);
      return rows.map((r) => r.outcome);
    },
  };
  return kit;
}
