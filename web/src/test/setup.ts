import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadRestCatalogue, setLanguage } from '../i18n/language';

/**
 * Noise is a failure: any console.error or console.warn (React's warnings, act() warnings, prop-type
 * complaints) throws where it happens and fails the test afterwards even if something swallowed the throw.
 */
const noise: string[] = [];

// Lazy routes load their chunks on first use; on a busy two-core machine that can pass the library's
// one-second default for findBy/waitFor, so waits allow five seconds (they still end at the first match).
configure({ asyncUtilTimeout: 5000 });

// The app's screens in English, as a browser without a Spanish preference sees them.
await setLanguage('en', false);
await loadRestCatalogue();

// jsdom has no layout: React Router's scroll restoration calls window.scrollTo, which jsdom only reports.
window.scrollTo = () => undefined;

function describe(args: unknown[]): string {
  return args
    .map((arg) => {
      if (arg instanceof Error) return arg.stack ?? arg.message;
      if (typeof arg === 'string') return arg;
      try {
        return JSON.stringify(arg);
      } catch {
        return String(arg);
      }
    })
    .join(' ');
}

beforeEach(() => {
  noise.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const message = `console.${level}: ${describe(args)}`;
      noise.push(message);
      throw new Error(message);
    });
  }
  sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (noise.length > 0) {
    const messages = noise.splice(0).join('\n');
    throw new Error(`The test wrote to the console:\n${messages}`);
  }
});
