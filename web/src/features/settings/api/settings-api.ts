import {
  schoolSettingsSchema,
  type RegistrationWindowUpdate,
  type SchoolSettings,
  type SchoolSettingsUpdate,
} from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiSend } from '../../../api/client';
import { publicSettingsQuery } from '../../../api/settings';
import { uploadWithProgress } from '../../../api/upload';
import { studentRecordKeys } from '../../registration/api/query-keys';
import { schoolSettingsKeys } from './query-keys';

export const schoolSettingsQuery = queryOptions({
  queryKey: schoolSettingsKeys.admin,
  queryFn: ({ signal }): Promise<SchoolSettings> => apiGet('/api/settings', schoolSettingsSchema, signal),
});

export const useSchoolSettings = () => useQuery(schoolSettingsQuery);

/**
 * A settings change answers with all settings; the panel shows them, and the public settings (top bar,
 * sign-in screens) and registration windows are read again, so the change shows at once everywhere.
 */
function useSettingsMutation<V>(send: (value: V) => Promise<SchoolSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (settings) => {
      queryClient.setQueryData(schoolSettingsQuery.queryKey, settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: studentRecordKeys.registrationStatus }),
      ]);
    },
  });
}

export const useSaveSettings = () =>
  useSettingsMutation((changes: SchoolSettingsUpdate) =>
    apiPost('/api/settings', changes, schoolSettingsSchema),
  );

export const useSaveWindow = () =>
  useSettingsMutation((window: RegistrationWindowUpdate) =>
    apiPost('/api/settings/registration-windows', window, schoolSettingsSchema),
  );

export const useUploadLogo = () =>
  useSettingsMutation(async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const answer = await uploadWithProgress('/api/settings/logo', form, { onProgress: () => undefined });
    return schoolSettingsSchema.parse(answer);
  });

export const useRemoveLogo = () =>
  useSettingsMutation(() => apiSend('DELETE', '/api/settings/logo', undefined, schoolSettingsSchema));
