import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { WIDTHS, checkScreen, expectSaved } from './fixtures';
import { linkIn, type Inbox } from './mail-catcher';
import { startOwnMailDemo } from './own-mail-demo';
import type { OwnDemo, OwnDemoStudent } from './own-server';

/**
 * Parent accounts end to end (D50), with the portal's e-mail going to a real SMTP server in this process: a
 * parent signs up, confirms the address from the e-mail, links two children with the family codes the office
 * reads, switches between them and saves a field for each, opens a report card; a third child's code fails
 * once another parent used it; the office unlinks a child and the parent's next request for it is refused. A
 * server of its own: linked parents and used codes would change what the other specs see.
 */
const PORT = 4351;
const PUBLIC_URL = `http://localhost:${PORT}`;
const PASSWORD = 'Parent-portal-2026!';
let demo: OwnDemo;
let inbox: Inbox;

// The suite's 120 s (ADR 0049): these workflows run beside two demo servers and one of their own.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  ({ demo, inbox } = await startOwnMailDemo(PORT, 'parents'));
});

test.afterAll(async () => {
  await demo?.stop();
  await inbox?.close();
});

/** A client of its own through the real API (another computer): the office, or another parent. */
async function api(ctx?: APIRequestContext) {
  const client = ctx ?? (await request.newContext({ baseURL: PUBLIC_URL }));
  const headers = async () => ({
    'X-XSRF-TOKEN': decodeURIComponent(
      (await client.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
    ),
  });
  await client.get('/sanctum/csrf-cookie');
  const send = async (method: 'post' | 'delete', path: string, data?: unknown, more = {}) =>
    client[method](path, { data, headers: { ...(await headers()), ...more } });
  return { client, send };
}

async function asOffice() {
  const office = await api();
  const login = await office.send('post', '/api/admin-login', {
    name: demo.admin.username,
    password: demo.admin.password,
  });
  expect(login.status()).toBe(200);
  return office;
}

/** The live family code the office gives a family (the letter, the registration form). */
async function familyCode(office: Awaited<ReturnType<typeof api>>, s: OwnDemoStudent) {
  const res = await office.client.get(`/api/students/${s.id}/parents`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    family_code: { code: string };
    parents: { parent_id: number; email: string }[];
  };
}

/** A parent signs up and confirms the address from the e-mail, in the page's own browser. */
async function signUpAndConfirm(page: Page, name: string, email: string) {
  const client = await api(page.request);
  const signUp = await client.send('post', '/api/parent/sign-up', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  const link = linkIn(await inbox.next((m) => m.to.includes(email)), '/confirm-email');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toContainText('Confirmed');
  return client;
}

async function linkChild(page: Page, s: OwnDemoStudent, code: string) {
  await page.getByLabel('Student ID').fill(s.id);
  await page.getByLabel('Family code').fill(code);
  await page.getByRole('button', { name: 'Link this child' }).click();
}

async function saveHomeAddress(page: Page, value: string) {
  await page.goto('/registration/student-data');
  const field = page.getByLabel('Home Address', { exact: true });
  await expect(field).toBeEditable();
  await field.fill(value);
  await field.blur();
  await expectSaved(page, 'Home Address');
}

for (const [index, size] of WIDTHS.entries()) {
  test(`a parent links two children, switches, saves for each and reads a report card (${size.width} px)`, async ({
    browser,
  }) => {
    // The portal of this spec's own server, at this width.
    const page = await (await browser.newContext({ baseURL: PUBLIC_URL, viewport: size })).newPage();
    // Children of their own for each width: two in Form 1 (mid-registration), one in Form 4 with last year's
    // posted report cards.
    const inForm = (form: string) =>
      demo.students.filter(
        (s) => s.class_id.startsWith(form) && !s.withdrawn && s.last_year_class_id !== null,
      );
    const formOne = demo.students.filter((s) => s.class_id.startsWith('1') && !s.withdrawn);
    const [first, third] = formOne.slice(index * 2 + 1, index * 2 + 3) as [OwnDemoStudent, OwnDemoStudent];
    const second = inForm('4')[index]!;
    const email = `mrs.ali.${size.width}@families.example.org`;
    const parent = await signUpAndConfirm(page, 'Mrs Ali', email);
    const login = await parent.send('post', '/api/parent/login', { email, password: PASSWORD });
    expect(login.status(), await login.text()).toBe(200);

    // No child yet: every page leads to Your children.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/parent\/children$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your children' })).toBeVisible();
    await checkScreen(page, 'parent-children-empty');

    const office = await asOffice();
    // Form 4 registers this year too, so the parent can save a field for the Form 4 child as well.
    const window = await office.send('post', '/api/settings/registration-windows', {
      form_level: 4,
      open: true,
      deadline: '2099-12-31',
      note: '',
    });
    expect(window.status(), await window.text()).toBe(200);
    const codes = await Promise.all([first, second, third].map((s) => familyCode(office, s)));
    await linkChild(page, first, codes[0]!.family_code.code.toLowerCase());
    await expect(page.getByRole('status')).toContainText(
      `${first.first_name} ${first.last_name} is now linked`,
    );
    await linkChild(page, second, codes[1]!.family_code.code);
    await expect(page.getByRole('status')).toContainText(
      `${second.first_name} ${second.last_name} is now linked`,
    );
    const list = page.getByRole('list', { name: 'Linked children' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await checkScreen(page, 'parent-children');

    // Another family uses the third child's code first: it no longer links.
    const other = await api();
    const otherEmail = `mr.ali.${size.width}@families.example.org`;
    const account = { email: otherEmail, password: PASSWORD };
    await other.send('post', '/api/parent/sign-up', {
      name: 'Mr Ali',
      ...account,
      password_confirmation: PASSWORD,
    });
    const otherLink = linkIn(await inbox.next((m) => m.to.includes(otherEmail)), '/confirm-email');
    await other.send('post', '/api/mail/confirm', { token: new URL(otherLink).searchParams.get('token') });
    expect((await other.send('post', '/api/parent/login', account)).status()).toBe(200);
    const used = await other.send('post', '/api/parent/children', {
      student_id: third.id,
      family_code: codes[2]!.family_code.code,
    });
    expect(used.status(), await used.text()).toBe(200);
    await linkChild(page, third, codes[2]!.family_code.code);
    await expect(page.getByText(/do not match/)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // The first child is shown; a field saved for it, then the switcher shows the second.
    const switcher = page.getByRole('button', { name: /^Switch child/ });
    await expect(switcher).toContainText(first.first_name);
    await saveHomeAddress(page, `1 ${first.first_name} Street`);
    // The family's own page names the parent accounts linked to the child shown.
    await page.goto('/email-addresses');
    await expect(page.getByRole('heading', { name: 'Parent accounts' })).toBeVisible();
    await expect(page.getByText(/Mrs Ali \(since/)).toBeVisible();
    await checkScreen(page, 'parent-email-addresses');

    // The parent invites the mother's address (confirmed from its e-mail first); Mr Ali opens the link.
    const mum = `mum.${first.id}@families.example.org`;
    expect((await office.send('post', '/api/student', { id: first.id, email_mother: mum })).status()).toBe(
      200,
    );
    const asFirst = { 'x-student-id': first.id };
    const asked = await parent.send(
      'post',
      '/api/student/contacts/confirm-link',
      { field: 'email_mother' },
      asFirst,
    );
    expect(asked.status(), await asked.text()).toBe(200);
    const confirmLink = linkIn(await inbox.next((m) => m.to.includes(mum)), '/confirm-email');
    await other.send('post', '/api/mail/confirm', { token: new URL(confirmLink).searchParams.get('token') });
    await page.reload();
    await page.getByRole('button', { name: `Invite to the parent portal: ${mum}` }).click();
    await expect(page.getByText('Invitation sent')).toBeVisible();
    const invite = linkIn(
      await inbox.next((m) => m.to.includes(mum) && m.subject.includes('parent portal')),
      '/parent/invite',
    );
    const visitor = await (await browser.newContext({ baseURL: PUBLIC_URL, viewport: size })).newPage();
    await visitor.goto(invite.replace(/^https?:\/\/[^/]+/, ''));
    await expect(visitor.getByText(`invited to follow ${first.first_name}`)).toBeVisible();
    await checkScreen(visitor, 'parent-invite');
    await visitor.context().close();
    const token = new URL(invite).searchParams.get('token');
    expect((await other.send('post', '/api/parent/invite/accept', { token })).status()).toBe(200);
    await page.reload();
    await expect(page.getByText(/Mr Ali \(since/)).toBeVisible();
    await switcher.click();
    const menu = page.getByRole('menu', { name: 'Switch child' });
    await expect(menu.getByRole('menuitem', { name: new RegExp(first.first_name) })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await checkScreen(page, 'parent-switcher');
    await menu.getByRole('menuitem', { name: new RegExp(second.first_name) }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(switcher).toContainText(second.first_name);
    await saveHomeAddress(page, `2 ${second.first_name} Street`);
    await checkScreen(page, 'parent-registration');

    const records = await Promise.all(
      [first, second].map(
        async (s) =>
          (await (await office.client.get(`/api/student/${s.id}`)).json()) as Record<string, unknown>,
      ),
    );
    expect(records.map((r) => r.home_address)).toEqual([
      `1 ${first.first_name} Street`,
      `2 ${second.first_name} Street`,
    ]);

    // The second child's posted report card.
    await page.goto('/term-reports');
    const posted = page.getByRole('button', { name: /Report posted/ }).first();
    await posted.click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Download' }).first()).toHaveAttribute(
      'href',
      new RegExp(`/api/report-card/${second.id}/`),
    );
    await page.keyboard.press('Escape');

    // The office unlinks the second child: the parent's next request for it is refused, and the tab, told so,
    // moves to the child still linked.
    const parents = await familyCode(office, second);
    const mine = parents.parents.find((p) => p.email === email)!;
    const unlinked = await office.send('delete', `/api/students/${second.id}/parents/${mine.parent_id}`);
    expect(unlinked.status(), await unlinked.text()).toBe(204);
    const refused = page.waitForResponse((r) => r.url().includes(`/api/student/${second.id}`));
    // Within the open page (no reload), as a click on a link would.
    await page.evaluate(() => {
      globalThis.history.pushState({}, '', '/registration/student-data');
      globalThis.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect((await refused).status()).toBe(403);
    await expect(switcher).toContainText(first.first_name);
    await expect(page.getByLabel('Home Address', { exact: true })).toHaveValue(
      `1 ${first.first_name} Street`,
    );
    await switcher.click();
    await expect(menu.getByRole('menuitem', { name: new RegExp(second.first_name) })).toHaveCount(0);
    await page.keyboard.press('Escape');
    expect((await page.request.get(`/api/student/${second.id}`)).status()).toBe(403);
    await office.client.dispose();
    await other.client.dispose();
    await page.context().close();
  });
}
