/**
 * Why this tab's session ended, when a moderator suspended or banned the member while signed
 * in: the API's refresh answers 401 SUSPENDED_ACCOUNT with the sentence and the sanction
 * (lib/api.ts notes it here), and the app shows /compte-suspendu instead of the page that would
 * have sent a signed-out visitor to /404 (app/layout/SuspendedGate.tsx), until the member leaves
 * that page. Kept for the tab in sessionStorage: the app then drops its token, so after a
 * reload it asks nothing that could say it again. Apart from the pages so the API client (every
 * first load) carries it.
 */
export interface SuspensionNotice {
  /** The API's sentence: 'Ton compte est suspendu jusqu’au … : <raison>.' */
  message: string;
  /** ISO end of the suspension; null for a ban. */
  until: string | null;
  /** The moderator's reason; null when none was kept. */
  reason: string | null;
  /** The page has shown it: the app no longer brings the member there (a reload still may). */
  seen?: boolean;
}

const KEY = 'munegu.suspension';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: SuspensionNotice | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read(): SuspensionNotice | null {
  try {
    const raw = storage()?.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (
      value &&
      typeof value === 'object' &&
      'message' in value &&
      typeof value.message === 'string'
    ) {
      const v = value as Partial<SuspensionNotice>;
      return {
        message: v.message!,
        until: typeof v.until === 'string' ? v.until : null,
        reason: typeof v.reason === 'string' ? v.reason : null,
        seen: v.seen === true,
      };
    }
  } catch {
    // A damaged entry is no notice.
  }
  return null;
}

export function getSuspension(): SuspensionNotice | null {
  if (current === undefined) current = read();
  return current;
}

function set(notice: SuspensionNotice | null): void {
  current = notice;
  try {
    if (notice) storage()?.setItem(KEY, JSON.stringify(notice));
    else storage()?.removeItem(KEY);
  } catch {
    // Private mode without storage: the notice lives for this page only.
  }
  for (const listener of listeners) listener();
}

/** The session ended on a suspension: the app shows why. */
export const noteSuspension = (notice: SuspensionNotice): void => set(notice);

/** /compte-suspendu is on screen: the member may now go elsewhere. */
export function markSuspensionSeen(): void {
  const notice = getSuspension();
  if (notice && !notice.seen) set({ ...notice, seen: true });
}

/** The member has read it and left the page, or signs in again. */
export const clearSuspension = (): void => set(null);

/** For useSyncExternalStore. */
export function onSuspension(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
