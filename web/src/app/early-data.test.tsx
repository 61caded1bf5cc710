import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiSend, dropEarlyAnswers, startEarlyGet } from '../api/client';
import { lazyScreen } from '../components/lazy-screen';
import { json, mockFetch, noContent } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { STUDENT_ID, mockRegistration } from '../test/registration-test-data';
import { startSignedInLoads } from './guards';
import { routes } from './routes';

const anything = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

afterEach(() => {
  dropEarlyAnswers();
  vi.useRealTimers();
});

describe('the first screen asks for its data with its code', { timeout: 20_000 }, () => {
  it("a new tab's registration step asks the check, the record and the classes once each, before rendering", async () => {
    const { callsTo } = mockRegistration();
    startSignedInLoads(routes, { pathname: '/registration/student-data', search: '' });
    // The record is asked for as soon as the sign-in check says whose tab this is, before any screen renders.
    await vi.waitFor(() => expect(callsTo('GET', `/api/student/${STUDENT_ID}`)).toHaveLength(1));
    expect(callsTo('GET', '/api/form-classes')).toHaveLength(1);

    renderApp('/registration/student-data');
    expect(await screen.findByRole('heading', { name: 'Student Data', level: 1 })).toBeTruthy();
    expect(await screen.findByLabelText('Mobile Phone')).toBeTruthy();
    // The screen took the early answers: nothing was asked twice, the check's /api/me included.
    expect(callsTo('GET', '/api/me')).toHaveLength(1);
    expect(callsTo('GET', `/api/student/${STUDENT_ID}`)).toHaveLength(1);
    expect(callsTo('GET', '/api/form-classes')).toHaveLength(1);
  });

  it('asks nothing early for a sign-in page, and nothing of the family screens for a staff member', async () => {
    const { calls } = mockFetch({
      'GET /api/me': () =>
        json({ kind: 'staff', name: 'Grace', full_name: 'Grace Hopper', role: 'admin', limited: false }),
    });
    startSignedInLoads(routes, { pathname: '/', search: '' });
    expect(calls).toHaveLength(0);
    startSignedInLoads(routes, { pathname: '/registration/student-data', search: '' });
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/me']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.path)).toEqual(['/api/me']);
  });

  it('leaves a URL with parameters (a chosen year) to its screen', async () => {
    sessionStorage.setItem('authenticated', 'true');
    sessionStorage.setItem('staff', 'true');
    const { calls } = mockFetch({});
    startSignedInLoads(routes, { pathname: '/admin/dashboard', search: '?year=2025' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    startSignedInLoads(routes, { pathname: '/admin/dashboard', search: '' });
    expect(calls.map((c) => `${c.path}${c.query.limit ? '?limit=1' : ''}`).sort()).toEqual(
      ['/api/admin/school-years', '/api/completion', '/api/form-classes', '/api/students?limit=1'].sort(),
    );
  });
});

describe('an early answer', () => {
  it('is taken once: the next read of the path asks again', async () => {
    const { callsTo } = mockFetch({
      'GET /api/completion': () => json({ n: callsTo('GET', '/api/completion').length }),
    });
    void startEarlyGet('/api/completion');
    expect(await apiGet('/api/completion', anything)).toEqual({ n: 1 });
    expect(await apiGet('/api/completion', anything)).toEqual({ n: 2 });
  });

  it('is dropped at a write, so no screen reads from before the change', async () => {
    const { callsTo } = mockFetch({
      'GET /api/completion': () => json({ n: callsTo('GET', '/api/completion').length }),
      'POST /api/thing': () => noContent(),
    });
    void startEarlyGet('/api/completion');
    await apiSend('POST', '/api/thing', {});
    expect(await apiGet('/api/completion', anything)).toEqual({ n: 2 });
  });

  it('is dropped when nobody takes it within 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { callsTo } = mockFetch({
      'GET /api/completion': () => json({ n: callsTo('GET', '/api/completion').length }),
    });
    void startEarlyGet('/api/completion');
    vi.advanceTimersByTime(10_001);
    vi.useRealTimers();
    expect(await apiGet('/api/completion', anything)).toEqual({ n: 2 });
  });
});

describe('a lazy screen whose chunk is in', () => {
  it('renders at once, without its fallback', async () => {
    const Screen = lazyScreen(async () => ({ Page: () => <p>The page</p> }), 'Page');
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously: React's own lazy would show the fallback for a turn first.
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });
});
