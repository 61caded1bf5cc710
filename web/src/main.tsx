import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createAppParts } from './app/app';
import { detectLanguage, setLanguage } from './i18n/language';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const parts = createAppParts((routes) => createBrowserRouter(routes));

// The first screen speaks the family's language from its first paint (its catalogue is a few KiB).
await setLanguage(detectLanguage(), false);

createRoot(container).render(
  <StrictMode>
    <App parts={parts} />
  </StrictMode>,
);
