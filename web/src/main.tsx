import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createAppParts } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const parts = createAppParts((routes) => createBrowserRouter(routes));

createRoot(container).render(
  <StrictMode>
    <App parts={parts} />
  </StrictMode>,
);
