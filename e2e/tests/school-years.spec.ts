import { expect, test } from '@playwright/test';
import { WIDTHS, asStaff, expectAccessible, signInAdmin } from './fixtures';

interface Listed {
  id: string;
  name: string;
}

test('staff read last school year beside this one: the selector, its URL, a leaver, the read-only note', async ({
  page,
}) => {
  // The demo school closed last year through the rollover: its leavers are in last year's list only.
  const { closed, now, then } = await asStaff(async ({ ctx }) => {
    const years = (await (await ctx.get('/api/admin/school-years')).json()) as {
      years: { year: number; label: string; state: string }[];
    };
    const past = years.years.find((y) => y.state === 'closed')!;
    const list = async (query: string) =>
      (await (await ctx.get(`/api/students?include_withdrawn=1${query}`)).json()) as Listed[];
    return { closed: past, now: await list(''), then: await list(`&year=${past.year}`) };
  });
  const leaver = then.find((s) => !now.some((n) => n.id === s.id))!;
  expect(leaver, 'a student of last year who is not in this year').toBeTruthy();

  await signInAdmin(page);
  await page.goto('/admin/dashboard');
  const selector = page.getByRole('combobox', { name: 'School year' });
  await expect(selector).toContainText('(current)');
  await expect(page.getByRole('link', { name: 'Add student', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(leaver.id);
  await expect(page.getByText('No students match')).toBeVisible();

  await selector.click();
  await page.getByRole('option', { name: closed.label }).click();
  await expect(page).toHaveURL(new RegExp(`\\?year=${closed.year}$`));
  await expect(page.getByText(`${closed.label} is closed: read only`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add student', exact: true })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search students' }).fill(leaver.id);
  await expect(page.getByRole('cell', { name: leaver.id })).toBeVisible();
  await expectAccessible(page);

  // A link keeps the year: the page opened afresh at that address, on a computer and a phone, shows it.
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/admin/dashboard?year=${closed.year}`);
    await expect(page.getByText(`${closed.label} is closed: read only`)).toBeVisible();
    await expect(selector).toContainText(closed.label);
    await expect(page.getByRole('table', { name: 'Students' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/years-students-${size.width}.png`, fullPage: false });
  }
});
