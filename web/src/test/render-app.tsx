import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App, createAppParts } from '../app/app';

/** The whole app (routes, guards, providers) on a memory router at `path`. */
export function renderApp(path: string) {
  const parts = createAppParts((routes) => createMemoryRouter(routes, { initialEntries: [path] }), {
    retry: false,
  });
  const view = render(<App parts={parts} />);
  return { ...view, router: parts.router };
}

export const signInAsStudent = (id = '20240001', name = 'Ada Lovelace') => {
  sessionStorage.setItem('authenticated', 'true');
  sessionStorage.setItem('userID', id);
  sessionStorage.setItem('name', name);
};

export const signInAsStaff = (name = 'Grace Hopper') => {
  sessionStorage.setItem('authenticated', 'true');
  sessionStorage.setItem('staff', 'true');
  sessionStorage.setItem('name', name);
};
