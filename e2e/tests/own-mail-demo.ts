import { startInbox, type Inbox } from './mail-catcher';
import { startOwnDemo, type OwnDemo } from './own-server';

/**
 * A demo school on a server of its own whose e-mail goes to a real SMTP server in this process, with its links
 * naming that server (PUBLIC_URL). The environment is put back once the server has started.
 */
export async function startOwnMailDemo(port: number, name: string): Promise<{ demo: OwnDemo; inbox: Inbox }> {
  const inbox = await startInbox();
  const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_URL: process.env.PUBLIC_URL };
  Object.assign(process.env, { SMTP_URL: inbox.url, PUBLIC_URL: `http://localhost:${port}` });
  try {
    return { demo: await startOwnDemo(port, name), inbox };
  } catch (error) {
    await inbox.close();
    throw error;
  } finally {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
}
