import type { toast as sonnerToast } from 'sonner';

/*
 * The app's toasts: `toast.success(message)`, `toast.error(message)`, shown by `Toaster`.
 * sonner's code (10 kB compressed) is fetched on the first toast, not with the page that may
 * raise one: /jeu_prono's mini-league forms brought it into the page's first load, one more file
 * before its first paint. A toast comes from a member's action, and the Toaster itself mounts
 * only once the first page has painted (app/App.tsx), so nothing shows later than before.
 */
let loading: Promise<typeof sonnerToast> | undefined;
const sonner = () => (loading ??= import('sonner').then((m) => m.toast));

function show(kind: 'success' | 'error', message: string): void {
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
