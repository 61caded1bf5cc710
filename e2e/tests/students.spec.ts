import { expect, test } from '@playwright/test';
import {
  WIDTHS,
  checkScreen,
  demoAccounts,
  drawPortraitPng,
  signInAdmin,
  signInStudent,
  studentWithPassword,
  typedBirthDate,
} from './fixtures';

/** The demo students these tests change; no other test uses them. */
const edited = () => demoAccounts().students.find((s) => s.class_id === '2B')!;
const toReset = () => studentWithPassword(5);
// A Form 1 family (registration open) no other spec signs in as: phone-photos.spec takes Form 1's last three
// first-login students.
const toReject = () => studentWithPassword(44);

async function openActions(page: import('@playwright/test').Page, id: string, name: string) {
  await page.getByLabel('Search students').fill(id);
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
}

test('staff edit a name in the Edit Student dialog and the table shows it', async ({ page }) => {
  const s = edited();
  await signInAdmin(page);
  await page.getByLabel('Search students').fill(s.id);
  await page.getByRole('button', { name: `Edit ${s.first_name} ${s.last_name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Student' });
  await dialog.getByLabel('First Name').fill('Renamed');
  await dialog.getByLabel('Last Name').click();
  await expect(dialog.getByText('Updated Successfully.')).toBeVisible();
  // An empty name is refused on the spot and nothing is sent.
  await dialog.getByLabel('Last Name').fill('');
  await dialog.getByLabel('Birth Certificate Pin').click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('cell', { name: `${s.last_name}, Renamed` })).toBeVisible();
});

test('the Registration Form row action shows the PDF in a dialog', async ({ page }) => {
  const s = demoAccounts().students[40]!;
  await signInAdmin(page);
  await page.getByLabel('Search students').fill(s.id);
  await page.getByRole('button', { name: `Registration Form of ${s.first_name} ${s.last_name}` }).click();
  const dialog = page.getByRole('dialog');
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', `/api/registration-form/${s.id}`);
  const pdf = await page.request.get(`/api/registration-form/${s.id}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a reset password makes the next sign-in by date of birth', async ({ page, browser }) => {
  const s = toReset();
  await signInAdmin(page);
  await openActions(page, s.id, `${s.first_name} ${s.last_name}`);
  await page.getByRole('menuitem', { name: 'Reset Password' }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(`${s.first_name} ${s.last_name} password reset successfully.`)).toBeVisible();
  await page.getByRole('button', { name: 'Ok' }).click();

  const family = await browser.newPage();
  // The old password no longer opens the account: only the date of birth does, to choose a new one.
  await signInStudent(family, s.id, s.password);
  await expect(family.getByRole('alert')).toHaveText('The student ID or password is incorrect.');
  await expect(family).not.toHaveURL(/\/dashboard$/);
  await signInStudent(family, s.id, typedBirthDate(s));
  await expect(family.getByLabel('New Password', { exact: true })).toBeVisible();
  await family.close();
});

test('a rejected document shows its reason to the family, who upload it again', async ({ page, browser }) => {
  const s = toReject();
  await signInAdmin(page);
  await openActions(page, s.id, `${s.first_name} ${s.last_name}`);
  await page.getByRole('menuitem', { name: 'Documents' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/students/${s.id}/documents$`));
  const photo = page.getByRole('region', { name: 'Passport Photo' });
  await photo.getByRole('button', { name: 'Reject…' }).click();
  await photo.getByLabel('Reason the family will see').fill('Please send a photo with a plain background.');
  await photo.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(photo.getByText('Rejected: Please send a photo with a plain background.')).toBeVisible();
  // Back returns to the students list.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const family = await browser.newPage();
  await signInStudent(family, s.id, s.password);
  await expect(family).toHaveURL(/\/dashboard$/);
  await family.goto('/registration/documents');
  const section = family.getByRole('region', { name: 'Passport Photo' });
  await expect(section.getByText('Please send a photo with a plain background.')).toBeVisible();
  await section.getByLabel('Passport Photo file').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: await drawPortraitPng(family),
  });
  await expect(section.getByText(/uploaded/i)).toBeVisible();
  await expect(section.getByText('Please send a photo with a plain background.')).toBeHidden();
  await family.close();
});

for (const size of WIDTHS) {
  test(`the students panel, its dialogs and student pages at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    const withFiles = demoAccounts().students.find((s) => s.class_id === '4A' && !s.has_password)!;
    const name = `${withFiles.first_name} ${withFiles.last_name}`;
    await signInAdmin(page);
    await expect(page.getByText(/Total Number of Students: \d+/)).toBeVisible();
    await openActions(page, withFiles.id, name);
    await checkScreen(page, 'admin-student-actions');
    await page.keyboard.press('Escape');
    if (size.width < 600) {
      // A phone's row keeps every action in its menu.
      await openActions(page, withFiles.id, name);
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    } else {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
    }
    await expect(page.getByRole('dialog').getByLabel('First Name')).toHaveValue(withFiles.first_name);
    await checkScreen(page, 'admin-edit-student');
    await page.getByRole('button', { name: 'Close' }).click();
    await openActions(page, withFiles.id, name);
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    await checkScreen(page, 'admin-reset-password');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await openActions(page, withFiles.id, name);
    await page.getByRole('menuitem', { name: 'Withdraw' }).click();
    await checkScreen(page, 'admin-withdraw');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/admin/students/${withFiles.id}/documents`);
    await expect(page.getByRole('region', { name: 'Birth Certificate' })).toBeVisible();
    await checkScreen(page, 'admin-student-documents');
    await page.goto(`/admin/students/${withFiles.id}/record/family-data`);
    await expect(page.getByRole('heading', { name: 'Family Data', level: 1 })).toBeVisible();
    await checkScreen(page, 'admin-student-record');
    // The student who left shows only when asked for.
    const leaver = demoAccounts().students.find((s) => s.withdrawn)!;
    await page.goto('/admin/dashboard');
    await page.getByLabel('Search students').fill(leaver.id);
    await expect(page.getByText(`No students match "${leaver.id}".`)).toBeVisible();
    await page.getByLabel('Show withdrawn').check();
    await expect(
      page.getByRole('cell', {
        name: new RegExp(`^${leaver.last_name}, ${leaver.first_name}.*\\(withdrawn\\)$`),
      }),
    ).toBeVisible();
  });
}

test("staff see a student's parent account and issue a new family code, confirmed first", async ({
  page,
}) => {
  // The demo's Mrs Ali is linked to this child (D50); a new code leaves her link as it is.
  await signInAdmin(page);
  await page.goto('/admin/students/2026066/record/student-data');
  const card = page.getByRole('region', { name: 'Parent accounts' });
  await expect(card.getByText('parent@demo-school.example.org')).toBeVisible();
  const code = card.getByText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const old = (await code.textContent()) ?? '';
  await card.getByRole('button', { name: 'Issue a new code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a new family code?' });
  await expect(dialog).toContainText(`The code ${old} stops working at once`);
  await dialog.getByRole('button', { name: 'Issue a new code' }).click();
  await expect(dialog).toBeHidden();
  await expect(code).not.toHaveText(old);
  await expect(card.getByText('parent@demo-school.example.org')).toBeVisible();
});
