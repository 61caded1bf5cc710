import { expect, test, type Browser, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { expectAccessible, keepScreenshot, ownContexts } from './fixtures';
import { startOwnDemo, type OwnDemo } from './own-server';

/**
 * The Outbox (D52) against a real SMTP server in this process: the admin sends a test e-mail from Settings,
 * sees it Sent and previews it; while the mail server refuses (a permanent 550) a message fails with the
 * server's answer, and Resend delivers it once the server takes mail again; a staff member without the admin
 * role cannot open the Outbox. A server of its own, so the shared demo's mail settings stay as they are.
 */
const PORT = 4345;
const OFFICE = 'office.test@school.example.org';
const BOUNCE = 'bounce.test@school.example.org';
let demo: OwnDemo;
let smtp: SMTPServer;
/** Recipients the mail server accepted, in order. */
const delivered: string[] = [];
let refusing = false;

// The suite's 120 s (ADR 0049): these workflows run beside two demo servers and one of their own.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo: (address, _session, callback) =>
      callback(refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined),
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  const { port } = smtp.server.address() as { port: number };
  const before = process.env.SMTP_URL;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  demo = await startOwnDemo(PORT, 'outbox').finally(() => {
    if (before === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = before;
  });
});

test.afterAll(async () => {
  await demo?.stop();
  await new Promise<void>((done) => (smtp ? smtp.close(done) : done()));
});

const newContext = ownContexts();

async function signIn(browser: Browser, who: 'admin' | 'staff', width: number): Promise<Page> {
  const context = await newContext(browser, { baseURL: demo.baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const account = (demo as unknown as Record<typeof who, { username: string; password: string }>)[who];
  await page.goto('/admin');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

/**
 * A screen at its width: axe, a picture to look at, nothing scrolling sideways. Not checkScreen: its wait for the
 * network to be idle does not end on these pages once the Outbox list or a sandboxed preview has been open, and
 * each step here already waits for what it shows.
 */
async function look(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await expectAccessible(page);
  await keepScreenshot(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function sendTestEmail(page: Page, to: string) {
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'E-mail' });
  await card.getByRole('textbox', { name: 'Send to' }).fill(to);
  await card.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(card.getByText('Queued.')).toBeVisible();
  return card;
}

/** The message to `to`: a table row on a computer, a card on a phone. */
const messageTo = (page: Page, to: string) =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: to });

/** The open preview: the HTML in an empty sandbox, then the plain text and the headers. */
async function expectPreview(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  const frame = dialog.locator('iframe[title="The e-mail as HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame.contentFrame().locator('body')).toContainText(text);
  await look(page, 'outbox-preview-html');
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText(text);
  await look(page, 'outbox-preview-text');
  await dialog.getByRole('tab', { name: 'Headers' }).click();
}

test('the admin sends a test e-mail from Settings, sees it Sent in the Outbox and previews it', async ({
  browser,
}) => {
  const page = await signIn(browser, 'admin', 1280);
  const card = await sendTestEmail(page, OFFICE);
  await look(page, 'settings-test-email');
  await card.getByRole('link', { name: 'See it in the Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const row = messageTo(page, OFFICE);
  // The list reads itself again while a message is queued, so Sent appears without a reload.
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(delivered).toContain(OFFICE);
  await expect(page.getByRole('button', { name: /^Sent \d+$/ })).toBeVisible();
  await look(page, 'outbox');

  await row.getByRole('button', { name: 'Preview' }).click();
  await expectPreview(page, 'e-mail from the portal works');
  await expect(page.getByRole('dialog').getByRole('tabpanel')).toContainText(OFFICE);
});

test('a message the mail server refuses shows Failed with its answer; Resend sends it once it accepts again', async ({
  browser,
}) => {
  const page = await signIn(browser, 'admin', 375);
  refusing = true;
  await sendTestEmail(page, BOUNCE);
  await look(page, 'settings-test-email');
  await page.goto('/admin/outbox?status=failed');
  const card = messageTo(page, BOUNCE);
  await expect(card.getByText('Failed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('550');
  expect(delivered).not.toContain(BOUNCE);
  await look(page, 'outbox-failed');

  refusing = false;
  await card.getByRole('button', { name: 'Resend' }).click();
  const confirm = page.getByRole('dialog', { name: 'Resend this e-mail?' });
  await look(page, 'outbox-resend');
  await confirm.getByRole('button', { name: 'Resend' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: /^All \d+$/ }).click();
  await expect(messageTo(page, BOUNCE).getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(delivered.filter((to) => to === BOUNCE)).toHaveLength(1);

  await messageTo(page, BOUNCE).getByRole('button', { name: 'Preview' }).click();
  await expectPreview(page, 'e-mail from the portal works');
});

test('the staff account page shows the own address; a staff member without the admin role has no Outbox', async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const admin = await signIn(browser, 'admin', width);
    await admin.goto('/admin/change-password');
    await expect(admin.getByRole('region', { name: 'Your e-mail address' })).toBeVisible();
    await look(admin, 'staff-account-email');
  }

  const staff = await signIn(browser, 'staff', 1280);
  await expect(
    staff.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: 'Outbox' }),
  ).toHaveCount(0);
  await staff.goto('/admin/outbox');
  await expect(staff.getByText('This page is for administrators.', { exact: false })).toBeVisible();
  const answer = await staff.request.get('/api/admin/outbox');
  expect(answer.status()).toBe(403);
});
