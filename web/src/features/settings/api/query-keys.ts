import { settingsKeys } from '../../../api/query-keys';

/** Under the settings' key, which a sign-in keeps (ADR 0033). */
export const schoolSettingsKeys = {
  admin: [...settingsKeys.all, 'admin'] as const,
};
