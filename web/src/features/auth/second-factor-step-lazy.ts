import { lazyScreen } from '../../components/lazy-screen';

/**
 * The second step of a staff sign-in (D51): only accounts with a second factor see it, so it is a chunk of its
 * own, fetched while the server checks the password.
 */
export const SecondFactorStep = lazyScreen(() => import('./second-factor-step'), 'SecondFactorStep');
