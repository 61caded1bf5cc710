import { createHash } from 'node:crypto';

const statementNames = new Map<string, string>();

/** A save statement's name per shape (PostgreSQL keeps 63 characters of a name, so long sets are hashed). */
export function statementName(kind: 'read' | 'write', key: string): string {
  let name = statementNames.get(`${kind} ${key}`);
  if (!name) {
    name = `save_${kind}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
    statementNames.set(`${kind} ${key}`, name);
  }
  return name;
}
