import { apiSend } from '../../../api/client';

/** POST /logout ends the server-side session (D4). */
export const signOut = (): Promise<void> => apiSend('POST', '/logout');
