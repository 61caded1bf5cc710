import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderApp, signInAsStaff } from '../../test/render-app';
import { staffMe } from '../../test/me-answers';

const student = (id: string, first: string, last: string, updatedAt: string) => ({
  id,
  first_name: first,
  last_name: last,
  name: `${last}, ${first}`,
  class_id: '1A',
  date_of_birth: '2012-03-04',
  birth_certificate_no: `B${id}`,
  updatedAt,
  house_code: 'RED',
  withdrawn_at: null,
  parents_linked: 0,
});

const students = [
  student('S3', 'Cara', 'Clarke', '2025-01-03T10:00:00.000Z'),
  student('S1', 'Ada', 'Lovelace', '2025-01-01T10:00:00.000Z'),
  student('S2', 'Ben', 'Baptiste', '2025-01-02T10:00:00.000Z'),
];

type Student = ReturnType<typeof student>;

/** GET /api/students as the server answers it: the list, or a page of it with the total in X-Total-Count. */
const list =
  // The server's "not done" filter, as these tests have it: by default the last two students of each ten.
  (all: Student[], notDone = (s: Student) => /[89]$/.test(s.id)) =>
    ({ query }: RecordedCall): Response => {
      const q = query.q?.toLowerCase();
      const searched = q
        ? all.filter((s) => [s.id, s.first_name, s.last_name].some((v) => v.toLowerCase().startsWith(q)))
        : all;
      const matching = query.pending ? searched.filter(notDone) : searched;
      const offset = Number(query.offset ?? 0);
      const page = query.limit ? matching.slice(offset, offset + Number(query.limit)) : matching;
      return new Response(JSON.stringify(page), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(matching.length) },
      });
    };

const counts = (students: number, done: number) => ({
  students,
  steps: {
    studentData: done,
    familyData: done,
    healthData: done,
    otherData: done,
    documents: done,
    submit: done,
  },
  documents: { birth_certificate: done, immunization_card: done, sea_slip: done, picture: done },
  terms: done,
});
const completion = {
  classes: [{ class_id: '1A', form_level: 1, ...counts(3, 1) }],
  school: counts(3, 1),
};

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Students' }))
    .getAllByRole('row')
    .slice(1);

describe('students table', { timeout: 40_000 }, () => {
  it("shows '-' until the list has loaded, then the total", async () => {
    signInAsStaff();
    const answer = deferred();
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': async (call) => {
        await answer.promise;
        return list(students)(call);
      },
    });
    renderApp('/admin/dashboard');

    expect(await screen.findByText('Total Number of Students: -', {}, { timeout: 20_000 })).toBeTruthy();
    answer.release(json(null));
    expect(await screen.findByText('Total Number of Students: 3')).toBeTruthy();
  });

  it('lists the newest update first with the spec columns', async () => {
    signInAsStaff();
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': list(students),
    });
    renderApp('/admin/dashboard');

    await screen.findByText('Total Number of Students: 3', {}, { timeout: 20_000 });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Class', 'Date of Birth', 'Birth Certificate Pin', 'Actions']);
    expect(bodyRows().map((row) => row.firstElementChild?.textContent)).toEqual(['S3', 'S2', 'S1']);
    expect(bodyRows()[0]?.textContent).toContain('Clarke, Cara');
  });

  it('lists only the students no parent account is linked to, with No parent linked', async () => {
    signInAsStaff();
    const linked = students.map((s) => ({ ...s, parents_linked: s.id === 'S2' ? 0 : 1 }));
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': list(linked),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    await screen.findByText('Total Number of Students: 3', {}, { timeout: 20_000 });
    await user.click(screen.getByRole('switch', { name: 'No parent linked' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain('Baptiste, Ben');
  });

  it('filters with the search box', async () => {
    signInAsStaff();
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': list(students),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    await screen.findByText('Total Number of Students: 3', {}, { timeout: 20_000 });
    await user.type(screen.getByLabelText('Search students'), 'lovelace');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain('Lovelace, Ada');
    expect(screen.getByText('Total Number of Students: 3')).toBeTruthy();
  });

  it('shows a failure with a Retry that loads again', async () => {
    signInAsStaff();
    let attempts = 0;
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': (call) => {
        attempts += 1;
        return attempts === 1
          ? json({ message: 'Something went wrong on our side.' }, 500)
          : list(students)(call);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    expect((await screen.findByRole('alert', {}, { timeout: 20_000 })).textContent).toContain(
      'Something went wrong on our side.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Number of Students: 3')).toBeTruthy();
  });

  it('draws only the rows in view of 3,000 students, and the search still finds any of them', async () => {
    signInAsStaff();
    const many = Array.from({ length: 3000 }, (_, i) =>
      student(`S${String(i).padStart(4, '0')}`, `First${i}`, `Last${i}`, `2025-01-01T10:00:00.000Z`),
    );
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': list(many),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    await screen.findByText('Total Number of Students: 3,000', {}, { timeout: 20_000 });
    const drawn = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(100);
    await user.type(screen.getByLabelText('Search students'), 'Last2999');
    await waitFor(() =>
      expect(bodyRows().map((row) => row.firstElementChild?.textContent)).toEqual(['S2999']),
    );
  });

  it('pages and searches a school of more than 3,000 students on the server', async () => {
    signInAsStaff();
    const many = Array.from({ length: 5000 }, (_, i) =>
      student(`S${String(i).padStart(4, '0')}`, `First${i}`, `Last${i}`, `2025-01-01T10:00:00.000Z`),
    );
    const { calls } = mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': list(many),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    await screen.findByText('Showing 200 of 5,000', {}, { timeout: 20_000 });
    expect(screen.getByText('Total Number of Students: 5,000')).toBeTruthy();
    const lists = () => calls.filter((c) => c.path === '/api/students');
    // Never the whole list: a probe for the size, then a page.
    expect(lists().map((c) => c.query.limit)).toEqual(['1', '200']);
    await user.click(screen.getByRole('button', { name: 'Show 200 more' }));
    await screen.findByText('Showing 400 of 5,000');
    expect(lists().at(-1)?.query).toMatchObject({ limit: '200', offset: '200' });

    await user.type(screen.getByLabelText('Search students'), 'Last4999');
    await waitFor(() =>
      expect(bodyRows().map((row) => row.firstElementChild?.textContent)).toEqual(['S4999']),
    );
    expect(screen.getByText('Showing 1 of 1 matching "Last4999"')).toBeTruthy();
    expect(lists().at(-1)?.query).toMatchObject({ q: 'Last4999', sort: 'updated', offset: '0' });
    // Typing asks the server once the text settles, not once per key.
    expect(lists().filter((c) => c.query.q).length).toBeLessThanOrEqual(2);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lists().at(-1)?.query).toMatchObject({ q: 'Last4999', sort: 'name' }));
    // Columns the server cannot sort by are plain headers.
    expect(screen.queryByRole('button', { name: 'Date of Birth' })).toBeNull();
  });

  it("a school paged on the server pages its 'not done' list there too", async () => {
    signInAsStaff();
    const many = Array.from({ length: 3010 }, (_, i) =>
      student(`S${String(i).padStart(4, '0')}`, `First${i}`, `Last${i}`, `2025-01-01T10:00:00.000Z`),
    );
    const notDone = many.filter((s) => /[89]$/.test(s.id));
    const { calls } = mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () =>
        json({
          classes: [{ class_id: '1A', form_level: 1, ...counts(3010, 3010 - notDone.length) }],
          school: counts(3010, 3010 - notDone.length),
        }),
      'GET /api/students': list(many),
      'GET /api/completion/pending': () =>
        json(notDone.map(({ id, first_name, last_name }) => ({ id, first_name, last_name, class_id: '1A' }))),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    await screen.findByText('Showing 200 of 3,010', {}, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: /^1A .* Show the 602 not done$/ }));
    // Every one of them, not only those among the 200 already loaded.
    await screen.findByText('Showing 200 of 602');
    expect(
      bodyRows()
        .map((row) => row.firstElementChild?.textContent)
        .slice(0, 3),
    ).toEqual(['S0008', 'S0009', 'S0018']);
    const lists = calls.filter((c) => c.path === '/api/students');
    expect(lists.at(-1)?.query).toMatchObject({
      pending: 'submit',
      class_id: '1A',
      limit: '200',
      offset: '0',
    });
    // The count comes from the server's total; the whole list only when it is copied or downloaded.
    expect(await screen.findByText('Step: Complete not done in 1A: 602 students')).toBeTruthy();
    const pendingLists = () => calls.filter((c) => c.path === '/api/completion/pending');
    expect(pendingLists()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Copy list' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(pendingLists()).toHaveLength(1);
    expect((await navigator.clipboard.readText()).trim().split('\r\n')).toHaveLength(603);
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await screen.findByText('Showing 200 of 3,010');
  });

  it('a school of many classes shows those furthest behind, all on request, or the ones found by name', async () => {
    signInAsStaff();
    // 30 classes of 20: class k has done 20 − k of 20 (none from 1A20 on), so the last are furthest behind.
    const classes = Array.from({ length: 30 }, (_, k) => ({
      class_id: `1A${String(k).padStart(2, '0')}`,
      form_level: 1,
      ...counts(20, Math.max(0, 20 - k)),
    }));
    mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json({ classes, school: counts(600, 300) }),
      'GET /api/students': list(students),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    const section = await screen.findByRole('region', { name: 'Registration progress' }, { timeout: 20_000 });
    // Each bar's first line is its label.
    const bars = () =>
      within(section)
        .getAllByRole('button')
        .map((b) => b.firstElementChild?.textContent ?? '')
        .filter((t) => /^(School|1A\d\d)$/.test(t));
    await waitFor(() => expect(bars()).toHaveLength(13));
    expect(bars()).toEqual(['School', ...Array.from({ length: 10 }, (_, k) => `1A2${k}`), '1A19', '1A18']);
    expect(within(section).getByText('The 12 classes furthest behind, of 30.')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Show all 30 classes' }));
    expect(bars()).toHaveLength(31);
    await user.click(within(section).getByRole('button', { name: 'Show the classes furthest behind' }));
    expect(bars()).toHaveLength(13);

    await user.type(within(section).getByLabelText('Find a class'), '1a2');
    await waitFor(() =>
      expect(bars()).toEqual(['School', ...Array.from({ length: 10 }, (_, k) => `1A2${k}`)]),
    );
    await user.clear(within(section).getByLabelText('Find a class'));
    await user.type(within(section).getByLabelText('Find a class'), '2B');
    expect(await within(section).findByText('No class starts with "2B".')).toBeTruthy();
  });

  it("the 'No class' line asks for the students in no class, not the whole school", async () => {
    signInAsStaff();
    const { calls } = mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () =>
        json({
          classes: [...completion.classes, { class_id: '', form_level: 0, ...counts(1, 0) }],
          school: counts(4, 1),
        }),
      'GET /api/students': list(students, (s) => s.id === 'S3'),
      'GET /api/completion/pending': () =>
        json([{ id: 'S3', first_name: 'Cara', last_name: 'Clarke', class_id: null }]),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    await user.click(
      await screen.findByRole(
        'button',
        { name: 'No class 0/1 done. Show the 1 not done' },
        { timeout: 20_000 },
      ),
    );
    expect(await screen.findByText('Step: Complete not done with no class: 1 student')).toBeTruthy();
    await waitFor(() => expect(bodyRows().map((row) => row.firstElementChild?.textContent)).toEqual(['S3']));
    const asked = (path: string) => calls.filter((c) => c.path === path).at(-1)?.query;
    expect(asked('/api/completion/pending')).toEqual({ item: 'submit', class_id: '' });
    expect(asked('/api/students')).toMatchObject({ pending: 'submit', class_id: '', limit: '1' });
  });

  it('the dashboard shows how far each class got, and a class lists only those not done, as a CSV too', async () => {
    signInAsStaff();
    const { callsTo } = mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/completion': () => json(completion),
      'GET /api/students': list(students, (s) => s.id === 'S2'),
      'GET /api/completion/pending': () =>
        json([{ id: 'S2', first_name: 'Ben', last_name: 'Baptiste', class_id: '1A' }]),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');

    const bar = await screen.findByRole(
      'button',
      { name: '1A 1/3 done. Show the 2 not done' },
      { timeout: 20_000 },
    );
    await user.click(bar);
    await waitFor(() => expect(bodyRows().map((row) => row.firstElementChild?.textContent)).toEqual(['S2']));
    expect(screen.getByText('Step: Complete not done in 1A: 1 student')).toBeTruthy();
    expect(callsTo('GET', '/api/completion/pending')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
  });
});
