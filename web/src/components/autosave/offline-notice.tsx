import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import { useState, useSyncExternalStore } from 'react';
import type { UnsavedChanges } from './unsaved-changes';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** While the browser is offline, and until the saves waiting for the connection are through (D14). */
export function OfflineNotice({ changes }: { changes: UnsavedChanges }) {
  const { t } = useLingui();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const pending = useSyncExternalStore(changes.subscribe, changes.hasAny);
  const [wasOffline, setWasOffline] = useState(!online);
  if (!online && !wasOffline) setWasOffline(true);
  if (online && !pending && wasOffline) setWasOffline(false);
  if (online && !(wasOffline && pending)) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2, maxWidth: 500, mx: 'auto' }}>
      {t`You are offline. Your changes will be saved when the connection is back.`}
    </Alert>
  );
}
