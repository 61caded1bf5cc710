import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/**
 * One component under a fresh query client that does not retry and the app's catalogues (English, as the test
 * setup activates them), for a dialog or a card on its own.
 */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** One component with the app's catalogues, for one that asks no queries. */
export function renderTranslated(ui: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}
