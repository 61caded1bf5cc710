import { startMailCatcher, type MailCatcher } from '../mail/catcher.js';

/**
 * The demo's mail server (D52): an SMTP catcher in the demo's own process, so the Outbox panel shows messages
 * "sent" without reaching anyone. A demo started with its own SMTP_URL sends there instead.
 */
export async function demoMailServer(
  env: NodeJS.ProcessEnv,
): Promise<{ smtpUrl: string; catcher: MailCatcher | null }> {
  if (env.SMTP_URL) return { smtpUrl: env.SMTP_URL, catcher: null };
  const catcher = await startMailCatcher();
  return { smtpUrl: catcher.url, catcher };
}

/** The start-up line that says where the demo's e-mail goes. */
export const demoMailLine = (mail: Awaited<ReturnType<typeof demoMailServer>>): string =>
  mail.catcher
    ? `E-mail:                  caught on ${mail.smtpUrl} (nothing leaves this machine; see Outbox in the admin menu)`
    : `E-mail:                  sent through SMTP_URL`;
