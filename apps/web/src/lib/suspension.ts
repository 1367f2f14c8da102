/**
 * Why this tab's session ended, when a moderator suspended or banned the member while signed
 * in: the API's refresh answers 401 SUSPENDED_ACCOUNT with the sentence and the sanction
 * (lib/api.ts notes it here), and the app shows /compte-suspendu instead of the page that would
 * have sent a signed-out visitor to /404 (app/layout/SuspendedGate.tsx), until the member leaves
 * that page. Kept for the tab in sessionStorage, and for the member's other tabs in
 * localStorage: the app then drops the token they share, so after a reload none of them asks
 * anything that could say it again. Apart from the pages so the API client (every
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

/**
 * The member's other tabs: the tab whose refresh met the suspension drops the token they share,
 * so their own refresh never hears why, and they showed /404 after a reload. The notice is
 * also left here for them (without `seen`, which stays each tab's own).
 */
function shared(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null | undefined): SuspensionNotice | null {
  try {
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

/** This tab's notice, or one another tab of the member left, adopted as this tab's own. */
function read(): SuspensionNotice | null {
  const own = parse(storage()?.getItem(KEY));
  if (own) return own;
  // Written without `seen`, so parsed unseen here.
  const left = parse(shared()?.getItem(KEY));
  if (left) persist(left);
  return left;
}

function persist(notice: SuspensionNotice | null): void {
  try {
    if (notice) {
      storage()?.setItem(KEY, JSON.stringify(notice));
      const { seen: _seen, ...forOthers } = notice;
      shared()?.setItem(KEY, JSON.stringify(forOthers));
    } else {
      storage()?.removeItem(KEY);
      shared()?.removeItem(KEY);
    }
  } catch {
    // Private mode without storage: the notice lives for this page only.
  }
}

// Another tab noted the suspension while this one is open: it shows why at once.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY || !event.newValue || current) return;
    const notice = parse(event.newValue);
    if (notice) set({ ...notice, seen: false });
  });

export function getSuspension(): SuspensionNotice | null {
  if (current === undefined) current = read();
  return current;
}

function set(notice: SuspensionNotice | null): void {
  current = notice;
  persist(notice);
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
