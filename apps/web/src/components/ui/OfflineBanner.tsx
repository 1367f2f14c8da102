import { useSyncExternalStore } from 'react';
import styles from './OfflineBanner.module.css';

export const OFFLINE_TEXT = 'Tu es hors ligne : les données affichées peuvent ne pas être à jour.';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** navigator.onLine, kept up to date by the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Shown while the device has no network (the app shell still opens from the service worker's
 * cache): what is on screen may be stale, and changes will fail until the network is back.
 * A status region, so screen readers announce it when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={styles['offline']} hidden={online}>
      {online ? null : OFFLINE_TEXT}
    </div>
  );
}
