import { useSyncExternalStore } from 'react';
import { applyUpdate, updateStore } from '../../lib/pwa';
import styles from './UpdatePrompt.module.css';

/** A new version of the app is installed: the member reloads when it suits them. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.snapshot, () => false);
  if (!waiting) return null;
  return (
    <div role="status" className={styles['update']}>
      <span>Une nouvelle version de Munegu est disponible.</span>
      <button type="button" className="btn btn--primary" onClick={applyUpdate}>
        Recharger
      </button>
    </div>
  );
}
