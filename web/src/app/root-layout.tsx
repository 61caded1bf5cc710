import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';

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
      <Suspense fallback={<LoadingOverlay open />}>
        <Outlet />
      </Suspense>
    </>
  );
}
