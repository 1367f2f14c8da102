import type { toast as sonnerToast } from 'sonner';

/*
 * The app's toasts: `toast.success(message)`, `toast.error(message)`, shown by `Toaster`.
 * sonner's code is fetched on the first toast, not with the page that may
 * raise one: /jeu_prono's mini-league forms brought it into the page's first load, one more file
 * before its first paint. The app's Toaster mounts on the first toast (app/App.tsx; sonner
 * replays the active toasts to a Toaster that subscribes late), so a page load that raises none
 * never runs sonner's code (its compilation alone was a long task on a phone).
 */
let loading: Promise<typeof sonnerToast> | undefined;
let raised = false;
const listeners = new Set<() => void>();

/** Whether a toast was ever raised: the app mounts its Toaster (and sonner's code) only then. */
export const toastsRaised = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => raised,
};

const sonner = () => (loading ??= import('sonner').then((m) => m.toast));

function show(kind: 'success' | 'error', message: string): void {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  void sonner().then(
    (toast) => toast[kind](message),
    // Its chunk unreachable (offline): the form's own state still says what happened.
    () => {},
  );
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
