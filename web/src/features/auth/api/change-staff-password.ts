import { changeStaffPasswordResponseSchema, type ChangeStaffPassword } from '@sp/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../api/client';

/** POST /api/change-password-staff; `old_password` is left out after a one-time password. */
export const useChangeStaffPassword = () =>
  useMutation({
    mutationFn: (body: ChangeStaffPassword) =>
      apiPost('/api/change-password-staff', body, changeStaffPasswordResponseSchema),
  });
