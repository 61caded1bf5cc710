import { lazyScreen } from '../../components/lazy-screen';

/**
 * The new-password form after a first sign-in (date of birth, or a staff one-time password): only some
 * sign-ins show it, so it is a chunk of its own, fetched while the server checks the password.
 */
export const FirstPasswordForm = lazyScreen(() => import('./first-password-form'), 'FirstPasswordForm');
