import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { WIDTHS, checkScreen, ownContexts } from './fixtures';
import { startInbox, linkIn, type Delivered, type Inbox } from './mail-catcher';
import { startOwnDemo, type OwnDemo, type OwnDemoStudent } from './own-server';

/**
 * D52 end to end, with the portal's e-mail going to a real SMTP server in this process: a parent confirms an
 * address from the Complete step and the e-mailed link, forgets the password and sets a new one through the
 * e-mailed link; the office rejects the photo and the parent's e-mail carries the reason; posting a term e-mails
 * each confirmed address of each student with a posted card, and nobody else. A server of its own: confirmed
 * addresses and a posted term would change what the other specs see.
 */
const PORT = 4341;
const PUBLIC_URL = `http://localhost:${PORT}`;
let demo: OwnDemo;
let inbox: Inbox;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  inbox = await startInbox();
  const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_URL: process.env.PUBLIC_URL };
  Object.assign(process.env, { SMTP_URL: inbox.url, PUBLIC_URL });
  try {
    demo = await startOwnDemo(PORT, 'mail-families');
  } finally {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
});

test.afterAll(async () => {
  await demo?.stop();
  await inbox?.close();
});

/** A client of its own, signed in through the real API, as a second person at another computer. */
async function apiAs(login: { path: string; data: object }) {
  const ctx = await request.newContext({ baseURL: PUBLIC_URL });
  const xsrf = async () => ({
    'X-XSRF-TOKEN': decodeURIComponent(
      (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
    ),
  });
  await ctx.get('/sanctum/csrf-cookie');
  const signedIn = await ctx.post(login.path, { data: login.data, headers: await xsrf() });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const post = async (path: string, data: unknown) => {
    const res = await ctx.post(path, { data, headers: await xsrf() });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return res;
  };
  return { ctx, post };
}
const asOffice = () =>
  apiAs({ path: '/api/admin-login', data: { name: demo.admin.username, password: demo.admin.password } });
const asFamily = (s: OwnDemoStudent, password = demo.studentPassword) =>
  apiAs({ path: '/api/login-student', data: { student_id: s.id, password } });

const to = (address: string) => (m: Delivered) => m.to.includes(address);
const addressOf = (s: OwnDemoStudent, who: string) => `${who}.${s.id}@families.example.org`;

/** The family confirms one record address through the API: ask for the link, open it from the e-mail. */
async function confirmByApi(
  family: { ctx: APIRequestContext; post: (p: string, d: unknown) => Promise<unknown> },
  field: string,
  address: string,
) {
  await family.post('/api/student/contacts/confirm-link', { field });
  const link = linkIn(await inbox.next(to(address)), '/confirm-email');
  const token = new URL(link).searchParams.get('token');
  await family.post('/api/mail/confirm', { token });
}

const newContext = ownContexts();

async function familyPage(browser: Browser, s: OwnDemoStudent, password: string): Promise<Page> {
  const page = await (
    await newContext(browser, { baseURL: PUBLIC_URL, viewport: { width: 375, height: 740 } })
  ).newPage();
  await page.goto('/');
  await page.getByLabel('Student ID').fill(s.id);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a family confirms an address, gets its password back by e-mail, hears of a rejected photo and of posted report cards', async ({
  browser,
}) => {
  const students = demo.students.filter((s) => s.has_password && !s.withdrawn);
  // A returning Form 4 family (documents on file, last year's report cards), another returning family, and a
  // new Form 1 family with no card from last year.
  const parent = students.find((s) => s.class_id.startsWith('4') && s.last_year_class_id)!;
  const other = students.find((s) => s !== parent && s.last_year_class_id && s.class_id.startsWith('3'))!;
  const newcomer = students.find((s) => !s.last_year_class_id && s.class_id.startsWith('1'))!;
  expect([parent, other, newcomer].every(Boolean)).toBe(true);

  const mother = addressOf(parent, 'mother');
  const father = addressOf(parent, 'father');
  const office = await asOffice();
  // The record holds the addresses (the office types them in, as a family would on the Family step).
  await office.post('/api/student', { id: parent.id, email_mother: mother, email_father: father });
  await office.post('/api/student', { id: other.id, email_guardian: addressOf(other, 'guardian') });
  await office.post('/api/student', { id: newcomer.id, email: addressOf(newcomer, 'student') });

  // 1. The parent confirms the mother's address from the Complete step and the e-mailed link.
  const page = await familyPage(browser, parent, demo.studentPassword);
  await page.goto('/registration/complete');
  const motherRow = page.getByRole('listitem').filter({ hasText: mother });
  await expect(motherRow.getByText('Not confirmed')).toBeVisible();
  await motherRow.getByRole('button', { name: `Send confirmation link to ${mother}` }).click();
  await expect(motherRow.getByText('Sent — check the inbox')).toBeVisible();
  const confirmMail = await inbox.next(to(mother));
  await page.goto(linkIn(confirmMail, '/confirm-email'));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toContainText(`Confirmed: ${mother}`);
  await page.goto('/email-addresses');
  await expect(
    page.getByRole('listitem').filter({ hasText: mother }).getByText('Confirmed', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: father }).getByText('Not confirmed'),
  ).toBeVisible();

  // 2. Signed out, the parent forgets the password and sets a new one through the e-mailed link.
  await page.goto('/logout');
  await expect(page.getByLabel('Student ID')).toBeVisible();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Student ID').fill(parent.id);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If this student has a confirmed e-mail address, we have sent a link to it. It works for 30 minutes.',
  );
  const resetMail = await inbox.next((m) => to(mother)(m) && m !== confirmMail);
  expect(inbox.messages.filter(to(father))).toEqual([]);
  await page.goto(linkIn(resetMail, '/reset-password'));
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await checkScreen(page, 'mail-reset-password-form');
  }
  const newPassword = 'Mail-link-2026!';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await page.getByRole('link', { name: 'Sign in with the new password' }).click();
  await page.getByLabel('Student ID').fill(parent.id);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The link was single-use.
  await page.goto(linkIn(resetMail, '/reset-password'));
  await expect(page.getByRole('alert')).toContainText('expired or has already been used');

  // 3. The office rejects the photo; the mother's e-mail carries the reason and the way to the Documents step.
  const reason = 'Please send a photo with a plain white background.';
  await office.post('/api/document-checks', {
    student_id: parent.id,
    type: 'picture',
    status: 'rejected',
    reason,
  });
  const rejected = await inbox.next((m) => to(mother)(m) && m.text.includes(reason));
  expect(rejected.text).toContain(`${PUBLIC_URL}/registration/documents`);

  // 4. Two more families confirm an address each; posting last year's third term e-mails the families with a
  // card at each confirmed address, once, and nobody else.
  await confirmByApi(await asFamily(other), 'email_guardian', addressOf(other, 'guardian'));
  await confirmByApi(await asFamily(newcomer), 'email', addressOf(newcomer, 'student'));
  const before = inbox.messages.length;
  const terms = (await (await office.ctx.get('/api/term-reports-posted')).json()) as {
    year: number;
    term: number;
    posted: number;
  }[];
  const unposted = terms.find((t) => t.posted === 0)!;
  await office.post('/api/post-term-reports', { year: unposted.year, term: unposted.term, posted: 1 });
  const cardMails = async () => inbox.messages.slice(before).filter((m) => /report card/i.test(m.subject));
  await expect.poll(async () => (await cardMails()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  // The sender delivers in batches: a straggler would show up within a few polls.
  await new Promise((r) => setTimeout(r, 3_000));
  const cards = await cardMails();
  const count = (address: string) => cards.filter(to(address)).length;
  // Ours: once to each confirmed address of a student with a card; none to an address never confirmed, nor to
  // a confirmed address of a student with no card.
  expect([count(mother), count(addressOf(other, 'guardian'))]).toEqual([1, 1]);
  expect([count(father), count(addressOf(newcomer, 'student'))]).toEqual([0, 0]);
  // The demo's own families (some confirmed there): one e-mail per address and student, and none about a
  // student who was not at the school last term.
  const sent = cards.flatMap((m) => m.to.map((address) => `${address} ${m.subject}`));
  expect(new Set(sent).size).toBe(sent.length);
  const noCard = demo.students
    .filter((s) => !s.last_year_class_id)
    .map((s) => `${s.first_name} ${s.last_name}'s`);
  expect(cards.filter((m) => noCard.some((name) => m.subject.startsWith(name)))).toEqual([]);
  // 5. The mother stops report card e-mails from the link in one; the page says what it stops first.
  const cardToMother = cards.find(to(mother))!;
  // A mail program's own unsubscribe button posts to the portal without opening a page; one without
  // one-click opens the same address, the page.
  expect(cardToMother.headers.get('list-unsubscribe-post')).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );
  expect(cardToMother.headers.get('list-unsubscribe')).toContain(`<${PUBLIC_URL}/unsubscribe?token=`);
  await page.goto(linkIn(cardToMother, '/unsubscribe'));
  await expect(page.getByText(mother)).toBeVisible();
  await expect(page.getByText('report cards posted')).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await checkScreen(page, 'mail-unsubscribe');
  }
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText(
    `${mother} will no longer get e-mails about report cards posted`,
  );

  await office.ctx.dispose();
});
