import { newPasswordHint, parentPasswordHint, staffPasswordHint } from './password-rules';

/** The password hints (module constants, shown through `translated`), for first-screen.po. */
export const TRANSLATED = [newPasswordHint, staffPasswordHint, parentPasswordHint];
