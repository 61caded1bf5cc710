import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<LoadingOverlay open />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
