/** The backups' cache keys (ADR 0033). */
export const backupKeys = {
  latest: ['backups', 'latest'] as const,
};
