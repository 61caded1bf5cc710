import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { lazyScreen } from '../components/lazy-screen';

/** The spinner comes with the first screen that needs it: the sign-in pages paint without it (ADR 0035). */
const LoadingOverlay = lazyScreen<'LoadingOverlay', { open: boolean }>(
  () => import('../components/loading-overlay'),
  'LoadingOverlay',
);

/**
 * Each new page starts at the top. (React Router's ScrollRestoration would keep positions in
 * sessionStorage, which logout must leave empty.)
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollTo, which is no effect clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      {/* The outer boundary waits for the spinner's own chunk. */}
      <Suspense fallback={null}>
        <Suspense fallback={<LoadingOverlay open />}>
          <Outlet />
        </Suspense>
      </Suspense>
    </>
  );
}
