import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectSaved,
  fieldBox,
  firstLoginStudent,
  keepScreenshot,
  readRecordAsStaff,
  signInFirstTime,
  signInStudent,
  studentWithPassword,
} from './fixtures';

/** Types into a text field and leaves it, as a person would. */
async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
  await expectSaved(page, label);
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  await expectSaved(page, label);
}

test('Student Data: every kind of control saves, survives a reload and is in the database (375 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const student = firstLoginStudent(3);
  await signInFirstTime(page, student, 'Registration-2026!');
  await page.goto('/registration/student-data');
  await expect(page.getByLabel('Home Address', { exact: true })).toBeEditable();

  await fill(page, 'Home Address', '14 Upper Pinto Road');
  await choose(page, 'Blood Type', 'AB-');
  await choose(page, 'Town', 'Arima');
  await choose(page, 'Religion', 'Roman Catholic');
  // Letters cannot be typed into a phone; the 1868 prefix is shown, the 7 digits saved.
  await page.getByLabel('Mobile Phone', { exact: true }).pressSequentially('62a01b234');
  await expect(page.getByLabel('Mobile Phone', { exact: true })).toHaveValue('6201234');
  await page.getByLabel('Mobile Phone', { exact: true }).blur();
  await expectSaved(page, 'Mobile Phone');
  await expect(fieldBox(page, 'Mobile Phone')).toContainText('1868');
  // A bad e-mail is refused on the spot and not sent.
  await page.getByLabel('E-mail (optional)', { exact: true }).fill('not-an-address');
  await page.getByLabel('E-mail (optional)', { exact: true }).blur();
  await expect(page.getByText('Invalid e-mail.')).toBeVisible();
  await fill(page, 'E-mail (optional)', 'marcus@example.org');
  // The immigration switch reveals its dates.
  await page.getByLabel('Immigration Permit').check();
  await expectSaved(page, 'Immigration Permit');
  await page.getByLabel('Date of Issue', { exact: true }).fill('2024-01-15');
  await page.getByLabel('Date of Issue', { exact: true }).blur();
  await expectSaved(page, 'Date of Issue');
  await expectAccessible(page);
  await keepScreenshot(page, 'registration-student-data');

  await page.reload();
  await expect(page.getByLabel('Home Address', { exact: true })).toHaveValue('14 Upper Pinto Road');
  await expect(page.getByLabel('Mobile Phone', { exact: true })).toHaveValue('6201234');
  await expect(page.getByLabel('Date of Issue', { exact: true })).toHaveValue('2024-01-15');

  const record = await readRecordAsStaff(student.id);
  expect(record).toMatchObject({
    home_address: '14 Upper Pinto Road',
    blood_type: 'AB-',
    address_line_2: 'Arima',
    religion_code: 'RC',
    phone_home: '6201234',
    email: 'marcus@example.org',
    immigration_permit: 1,
    immigration_issue_date: '2024-01-15',
  });
});

test('Family, Health and Other Data save and read back; sections follow the living status', async ({
  page,
}) => {
  const student = firstLoginStudent(4);
  await signInFirstTime(page, student, 'Registration-2026!');

  await page.goto('/registration/family-data');
  await expect(page.getByLabel("Mother's Name")).toHaveCount(0);
  await choose(page, 'Living Status', 'Both Parents');
  await fill(page, "Mother's Name", 'Indira Persad');
  await fill(page, "Father's Name", 'Ravi Persad');
  await expect(page.getByLabel("Guardian's Name")).toHaveCount(0);
  await fill(page, 'Number of Children in Family', '3');
  await fill(page, 'Emergency Contact', 'Aunt May');
  await expectAccessible(page);
  await keepScreenshot(page, 'registration-family-data');

  await page.goto('/registration/health-data');
  await page.getByLabel('Asthma').check();
  await expectSaved(page, 'Asthma');
  await page.getByLabel('Polio').check();
  await expectSaved(page, 'Polio');
  await fill(page, 'Allergies', 'Peanuts');
  await expectAccessible(page);
  await keepScreenshot(page, 'registration-health-data');

  await page.goto('/registration/other-data');
  await choose(page, 'Device Used for Online Learning', 'Laptop');
  await page.getByLabel('Internet Access at Home').check();
  await expectSaved(page, 'Internet Access at Home');
  await expectAccessible(page);
  await keepScreenshot(page, 'registration-other-data');

  await page.goto('/registration/family-data');
  await expect(page.getByLabel("Mother's Name")).toHaveValue('Indira Persad');
  await page.goto('/registration/health-data');
  await expect(page.getByLabel('Asthma')).toBeChecked();

  const record = await readRecordAsStaff(student.id);
  expect(record).toMatchObject({
    living_status: 'Both Parents',
    mother_name: 'Indira Persad',
    father_name: 'Ravi Persad',
    no_in_family: 3,
    emergency_contact: 'Aunt May',
    asthma: 1,
    polio: 1,
    allergy: 'Peanuts',
    device_type: 'Laptop',
    internet_access: 1,
  });
});

test('a failed save shows the alert, is retried and loses nothing', async ({ page, context }) => {
  const student = firstLoginStudent(5);
  await signInFirstTime(page, student, 'Registration-2026!');
  await page.goto('/registration/student-data');
  await expect(page.getByLabel('Nationality', { exact: true })).toBeEditable();

  // The connection drops: saves cannot reach the server.
  await context.route('**/api/student', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Nationality', { exact: true }).fill('Trinidadian');
  await page.getByLabel('Nationality', { exact: true }).blur();
  await expect(fieldBox(page, 'Nationality').getByRole('img', { name: /Not saved/ })).toBeVisible();

  // Back online: the retry goes through and the mark turns to saved.
  await context.unroute('**/api/student');
  await expectSaved(page, 'Nationality');
  expect((await readRecordAsStaff(student.id)).nationality).toBe('Trinidadian');
});

test('closed registration shows every field disabled with the reason', async ({ page }) => {
  const student = studentWithPassword(2); // Form 2: registration closed in the demo school
  await signInStudent(page, student.id, student.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/registration/student-data');
  await expect(page.getByText(/Registration is not open for Form 2/)).toBeVisible();
  await expect(page.getByLabel('Home Address', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue(student.first_name);
  await expectAccessible(page);
  await keepScreenshot(page, 'registration-closed');
});
