import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages, type Language } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { parents, students } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { parentLanguage, studentLanguage } from '../../mail/recipient-language.js';
import { currentParent, sessionAuth } from '../../plugins/auth.js';
import type { SessionAuth } from '../../plugins/session.js';

type FamilyAuth = Exclude<SessionAuth, { kind: 'staff' }>;

/** The language a student or parent chose (D53), null until they choose; e-mails to them follow it. */
export const accountLanguage = (db: Pick<Db, 'select'>, auth: FamilyAuth): Promise<Language | null> =>
  auth.kind === 'parent' ? parentLanguage(db, auth.parentId) : studentLanguage(db, auth.studentId);

/**
 * A student or parent remembers their language with the account, so it follows them to another browser and
 * their e-mails are written in it. A student who must still choose a password may choose it too (the first
 * sign-in page has the switch). Staff are refused: the staff area is in English and keeps no choice.
 */
export async function setAccountLanguage(request: FastifyRequest, language: Language): Promise<void> {
  const auth = sessionAuth(request);
  const { db } = request.server.ctx;
  if (auth.kind === 'staff') throw forbidden(messages.forbidden);
  if (auth.kind === 'parent') {
    await currentParent(request, auth);
    await db.update(parents).set({ language }).where(eq(parents.id, auth.parentId));
    return;
  }
  await db.update(students).set({ language }).where(eq(students.id, auth.studentId));
}
