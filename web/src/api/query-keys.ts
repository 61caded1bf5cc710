/**
 * The shared API layer's cache keys. Every query key of the web app is built by one of the `query-keys`
 * modules (this one, the student record's, and one per feature in `features/<name>/api/`), so a key is
 * spelled once and whatever invalidates it imports it (ADR 0033).
 */
const settings = ['settings'] as const;

export const sessionKeys = {
  me: ['me'] as const,
  check: ['session-check'] as const,
};

export const settingsKeys = {
  /** Kept across a sign-in: the settings are the school's, not the user's. */
  all: settings,
  public: [...settings, 'public'] as const,
};

export const studentNameKey = (studentId: string) => ['student-name', studentId] as const;
