import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { StaffUser } from '@sp/domain';
import { useResetSecondFactor } from './api/staff-accounts';
import { ConfirmStaffAction } from './confirm-staff-action';

export const hasSecondFactor = (user: StaffUser): boolean =>
  user.second_factor.totp || user.second_factor.passkeys > 0;

/** "Authenticator app", "2 passkeys", "App and 1 passkey" or "None" (D51). */
export function secondFactorLabel({ second_factor: { totp, passkeys } }: StaffUser): string {
  const keys = i18n._(passkeys === 1 ? msg`${passkeys} passkey` : msg`${passkeys} passkeys`);
  if (totp && passkeys > 0) return i18n._(msg`App and ${keys}`);
  if (totp) return i18n._(msg`Authenticator app`);
  return passkeys > 0 ? keys : i18n._(msg`None`);
}

/** Asks before removing another staff member's second factor, for a lost phone or key. */
export function ResetSecondFactorDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const { t } = useLingui();
  const reset = useResetSecondFactor();
  const name = user.full_name;
  const factor = secondFactorLabel(user).toLowerCase();
  return (
    <ConfirmStaffAction
      title={t`Reset second factor`}
      text={t`Remove the second factor of ${name} (${factor})? Their authenticator app, passkeys and recovery codes stop working, they are signed out everywhere now, and they sign in with their password alone; if the school's rule requires one, they set up a new one then. They are told by e-mail if they have a confirmed address.`}
      confirmLabel={t`Reset second factor`}
      pending={reset.isPending}
      error={reset.error}
      onConfirm={() => reset.mutate(user.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
