import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';
import { readSettings } from '../shared/settings.js';

export interface InlineLogo {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: 'school-logo';
}

const cache = new WeakMap<Db, { at: number; logo: InlineLogo | null }>();

/**
 * The school's logo as an inline attachment (cid:school-logo) for the e-mails' HTML, or null for none. Decoded
 * again only when the setting's updated_at changes.
 */
export async function schoolLogo(db: Db): Promise<InlineLogo | null> {
  const [row] = await db
    .select({ at: settings.updated_at })
    .from(settings)
    .where(eq(settings.key, 'school_logo'));
  if (!row) return null;
  const hit = cache.get(db);
  if (hit?.at === row.at.getTime()) return hit.logo;
  const { school_logo: stored } = await readSettings(db, ['school_logo']);
  const logo: InlineLogo | null = stored && {
    filename: stored.content_type === 'image/png' ? 'logo.png' : 'logo.jpg',
    content: Buffer.from(stored.data, 'base64'),
    contentType: stored.content_type,
    cid: 'school-logo',
  };
  cache.set(db, { at: row.at.getTime(), logo });
  return logo;
}
