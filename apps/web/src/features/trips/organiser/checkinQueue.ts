import type { Registrant, RegistrantPatch } from '@munegu/shared';
import { unwrap, isApiError } from '../../../lib/api';
import { call } from '../../../lib/call';
import { TICKS_KEY } from './deviceData';

/**
 * The organisers' ticks ('Payé', 'Présent') not yet stored by the server, oldest first. At the
 * departure point at 6 a.m. the network comes and goes: every tick is queued in localStorage
 * first, then sent one at a time, in order. A tick the network did not carry stays queued (it
 * is shown 'en attente de synchronisation') and goes again on the browser's 'online' event or
 * on the next load of the list; so does one the server could not take then (a deploy's 502 or
 * 503, a 429: tried again shortly too) or that found the session over (401: sent once the
 * organiser has signed in again). A tick the server refused leaves the queue with its reason.
 * The PATCH sets values (it does not toggle), so sending one twice is harmless.
 * The queue lives in localStorage only (no copy in memory), so a reload finds it whole.
 */
export type PendingTick = { tripId: number; userId: number; patch: RegistrantPatch };

export type QueueEvent =
  | { kind: 'stored'; tripId: number; registrant: Registrant }
  | { kind: 'refused'; tripId: number; error: unknown };

let raw: string | null = null;
let parsed: readonly PendingTick[] = [];
const changeListeners = new Set<() => void>();
const eventListeners = new Set<(event: QueueEvent) => void>();
let flushing: Promise<void> | null = null;
/** A flush asked for while one runs: that run goes round once more (it may have just ended). */
let again = false;
/** The next try after the server could not take a tick (one timer at most). */
let retry: ReturnType<typeof setTimeout> | undefined;
export const SERVER_RETRY_MS = 10_000;

/**
 * Whether the tick must wait rather than go: nothing was decided about it. No network; a
 * server that could not answer (restarting, overloaded, over budget); a session that ended (the
 * API client already tried to renew it), whose ticks belong to the organiser's next sign-in.
 */
function mustWait(error: unknown): 'network' | 'server' | 'session' | null {
  if (!isApiError(error)) return null;
  if (error.network) return 'network';
  if (error.status === 401) return 'session';
  if (error.status >= 500 || error.status === 429 || error.status === 408) return 'server';
  return null;
}

/** The queue as stored (the same array while the stored text is unchanged). */
export function pendingTicks(): readonly PendingTick[] {
  const now = localStorage.getItem(TICKS_KEY);
  if (now !== raw) {
    raw = now;
    try {
      const value: unknown = now ? JSON.parse(now) : [];
      parsed = Array.isArray(value) ? (value as PendingTick[]) : [];
    } catch {
      parsed = [];
    }
  }
  return parsed;
}

function save(ticks: readonly PendingTick[]): void {
  if (ticks.length) localStorage.setItem(TICKS_KEY, JSON.stringify(ticks));
  else localStorage.removeItem(TICKS_KEY);
  for (const listener of [...changeListeners]) listener();
}

function emit(event: QueueEvent): void {
  for (const listener of [...eventListeners]) listener(event);
}

const send = async ({ tripId, userId, patch }: PendingTick) =>
  unwrap(
    await call('PATCH /deplacements/:id/inscrits/:userId', {
      params: { id: tripId, userId },
      body: patch,
    }),
  );

async function drain(): Promise<void> {
  for (let head = pendingTicks()[0]; head; head = pendingTicks()[0]) {
    try {
      const registrant = await send(head);
      save(pendingTicks().slice(1));
      emit({ kind: 'stored', tripId: head.tripId, registrant });
    } catch (error) {
      // Everything waits, in order, for the next chance.
      const wait = mustWait(error);
      if (wait === 'server' && retry === undefined)
        retry = setTimeout(() => {
          retry = undefined;
          void checkinQueue.flush();
        }, SERVER_RETRY_MS);
      if (wait) return;
      save(pendingTicks().slice(1));
      emit({ kind: 'refused', tripId: head.tripId, error });
    }
  }
}

export const checkinQueue = {
  /** Queues a tick and tries to send the queue at once. */
  push(tick: PendingTick): Promise<void> {
    save([...pendingTicks(), tick]);
    return this.flush();
  },
  /** Sends what is queued, one at a time; one run at a time. */
  flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        await drain();
      } while (again);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  },
  subscribe(listener: () => void): () => void {
    changeListeners.add(listener);
    return () => void changeListeners.delete(listener);
  },
  onEvent(listener: (event: QueueEvent) => void): () => void {
    eventListeners.add(listener);
    return () => void eventListeners.delete(listener);
  },
};

/** The registrants with the queued ticks applied on top, each marked when it waits for one. */
export function withPending(
  tripId: number,
  registrants: readonly Registrant[],
  ticks: readonly PendingTick[],
): (Registrant & { pending: boolean })[] {
  return registrants.map((r) => {
    const mine = ticks.filter((t) => t.tripId === tripId && t.userId === r.user_id);
    return mine.reduce((acc, t) => ({ ...acc, ...t.patch }), { ...r, pending: mine.length > 0 });
  });
}
