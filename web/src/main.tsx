import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createAppParts } from './app/app';
import { startSignedInLoads } from './app/guards';
import { routes } from './app/routes';
import { detectLanguage, setLanguage } from './i18n/language';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const parts = createAppParts((routes) => createBrowserRouter(routes));

// The first screen speaks the family's language from its first paint (its catalogue is a few KiB): asked for
// first, then what the first screen will need (settings; a signed-in screen's chunks and check) beside it.
const language = setLanguage(detectLanguage(), false);
parts.data.settings.ensure();
startSignedInLoads(routes, window.location);
await language;

createRoot(container).render(
  <StrictMode>
    <App parts={parts} />
  </StrictMode>,
);
