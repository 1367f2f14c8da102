import { Toaster as SonnerToaster } from 'sonner';
import { LIMITS } from '@munegu/shared';
import { cx } from '../../lib/cx';
import styles from './Toaster.module.css';

/**
 * The app's toasts: 3 s, top-centre (spec section 9). Call `toast.success(...)` from './toast'.
 * Sonner's own labels are English ('Close toast', 'Notifications alt+T'): French ones here.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      duration={LIMITS.toastMs}
      richColors
      closeButton
      containerAriaLabel="Alertes"
      toastOptions={{
        classNames: { toast: cx('app-toast', styles['toast']) },
        closeButtonAriaLabel: 'Fermer le message',
      }}
    />
  );
}
