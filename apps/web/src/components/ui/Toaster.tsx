import { Toaster as SonnerToaster } from 'sonner';
import { LIMITS } from '@munegu/shared';

/** The app's toasts: 3 s, top-centre (spec section 9). Call `toast.success(...)` from 'sonner'. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      duration={LIMITS.toastMs}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'app-toast' } }}
    />
  );
}
