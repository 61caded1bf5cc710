import { renderHook, waitFor } from '@testing-library/react';
import { appSettingsSchema } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { settingsCheck, usePublicSettings } from './settings';

const answer = {
  school_name: 'Demo Secondary',
  school_motto: 'Learning for life',
  logo_url: null,
  id_lookup_enabled: true,
  learning_challenges_enabled: false,
  terms_and_conditions: 'Be kind.',
  terms_and_conditions_es: 'Sea amable.',
  upload_max_mb: 10,
  time_zone: 'America/Port_of_Spain',
};

const wrongValues: unknown[] = [undefined, null, 'text', 1, Number.NaN, true, {}, []];

describe('the public settings check without zod', () => {
  it('accepts what the domain schema accepts, with the same fields out', () => {
    const zod = appSettingsSchema.safeParse({ ...answer, extra: 'dropped' });
    const plain = settingsCheck.safeParse({ ...answer, extra: 'dropped' });
    expect(zod.success && plain.success).toBe(true);
    expect(plain.success && plain.data).toEqual(zod.data);
  });

  it('carries the Spanish terms, or none, as the domain schema does', () => {
    for (const spanish of [null, undefined]) {
      const candidate = { ...answer, terms_and_conditions_es: spanish };
      const plain = settingsCheck.safeParse(candidate);
      expect(plain.success && plain.data).toEqual(appSettingsSchema.parse(candidate));
    }
  });

  it('refuses what the domain schema refuses, field by field', () => {
    const fields = Object.keys(appSettingsSchema.shape);
    expect(fields.sort()).toEqual(Object.keys(answer).sort());
    for (const field of fields) {
      for (const value of wrongValues) {
        const candidate = { ...answer, [field]: value };
        const zod = appSettingsSchema.safeParse(candidate).success;
        expect(settingsCheck.safeParse(candidate).success, `${field} = ${String(value)}`).toBe(zod);
      }
    }
    for (const value of [null, 'text', 3, []]) {
      expect(settingsCheck.safeParse(value).success).toBe(appSettingsSchema.safeParse(value).success);
    }
  });
});

describe('usePublicSettings', () => {
  it('retries like a query: a failed reload shows as an error and never rejects', async () => {
    mockFetch({ 'GET /api/settings/public': () => json({ message: 'Down for maintenance.' }, 503) });
    const { result } = renderHook(() => usePublicSettings());
    await waitFor(() => expect(result.current.isError).toBe(true));
    await expect(result.current.refetch()).resolves.toBeUndefined();
    expect(result.current.isError).toBe(true);
  });
});
