import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Reply } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { AddSubjectForm } from './add-subject-form';
import { useSubjectChanges } from './use-subject-changes';

function Section() {
  return <AddSubjectForm add={useSubjectChanges().addSubject} />;
}

function show(reply: Reply) {
  const fetch = mockFetch({ 'POST /api/subjects': reply });
  renderWithQueries(<Section />);
  const code = screen.getByLabelText<HTMLInputElement>('Code');
  const title = screen.getByLabelText<HTMLInputElement>('Subject name');
  return { posts: () => fetch.callsTo('POST', '/api/subjects').map((c) => c.body), code, title };
}

describe('a new subject', () => {
  it('names a missing name and a code with other characters under their fields, and sends nothing', async () => {
    const { posts, code } = show(json({ subjects: [], form_subjects: [] }));
    await userEvent.type(code, 'MA$H{Enter}');
    expect(await screen.findByText('Letters, digits, spaces, &, . and - only.')).toBeTruthy();
    expect(screen.getByText('Give the subject a name.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('is sent trimmed by Enter, and the fields empty once it is saved', async () => {
    const { posts, code, title } = show(json({ subjects: [], form_subjects: [] }));
    await userEvent.type(code, 'SPAN');
    await userEvent.type(title, ' Spanish {Enter}');
    await vi.waitFor(() => expect(code.value).toBe(''));
    expect(posts()).toEqual([{ code: 'SPAN', title: 'Spanish' }]);
  });

  it('shows the server’s refusal beside the form', async () => {
    const { code, title } = show(json({ message: 'A subject with code SPAN exists already.' }, 409));
    await userEvent.type(code, 'SPAN');
    await userEvent.type(title, 'Spanish');
    await userEvent.click(screen.getByRole('button', { name: 'Add subject' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A subject with code SPAN exists already.');
    expect(title.value).toBe('Spanish');
  });
});
