import { MESSAGING_TEXTS as M } from '@munegu/shared';
import { errorMessage, isApiError } from '../../lib/api';
import { AckLostError } from '../../lib/socket';

/**
 * The messages a member has sent from one chat (a conversation or a group thread) and the
 * server has not stored yet, oldest first (issue 27). Pressing Enter hands the text over at once (the field is emptied as the
 * message leaves), and the queue sends one message at a time, so messages typed in a burst
 * reach the server in order, each once:
 * - stored: it leaves the queue (`delivered`), the next one goes;
 * - 429 (the per-socket budget): it waits the `ttl` the server gave, then goes again;
 * - its answer lost (no network, or no acknowledgement): it goes again with the same
 *   `clientId`, further and further apart up to RESEND_MAX_MS and at once when the browser is
 *   back online, until an answer comes; the server stores a message once per key and answers
 *   every attempt with it;
 * - refused (any other answer): it and every message queued after it come back (`refused`, in
 *   order) with the server's reason, for the field; none is sent twice, none is lost.
 * Framework-free: the chat subscribes to it (mutations.ts keeps one per conversation).
 */
export type PendingMessage = {
  /** Local key (the bubble's), unique within the page. */
  key: number;
  /** The server's key for this message, the same for every attempt (a UUID). */
  clientId: string;
  content: string;
  /**
   * 'waiting': refused for the burst, goes again at `retryAt` (ms since epoch). 'offline': its
   * answer was lost, goes again at `retryAt` or as soon as the browser is back online.
   */
  state: 'sending' | 'queued' | 'waiting' | 'offline';
  retryAt: number | null;
};

/** Texts handed back to the field, with why they were not sent. */
export type Refusal = { texts: string[]; reason: string };

export type OutboxState = {
  pending: readonly PendingMessage[];
  /** Not yet taken back by a chat (e.g. refused while another conversation was open). */
  refused: Refusal | null;
};

export type OutboxDeps<T> = {
  /** One attempt; throws ApiError (a 429 carries `ttl`) or AckLostError. */
  send: (content: string, clientId: string) => Promise<T>;
  delivered: (message: T) => void;
  /**
   * How many 429s in a row one message waits out (default MAX_BURST_RETRIES). 0 where a 429
   * is a budget of minutes rather than a burst (the groups'): the text comes back at once
   * with the server's own reason.
   */
  burstRetries?: number;
  /** Calls `run` each time the network comes back; returns the unsubscription. */
  onOnline?: (run: () => void) => () => void;
  /**
   * A message came back (refused, or its answer lost): what the page shows is likely stale
   * (a block, a request not accepted yet, a message stored after all).
   */
  cameBack?: () => void;
  schedule?: (run: () => void, ms: number) => unknown;
  now?: () => number;
};

/** How many 429s in a row one message waits out before it comes back to the field. */
export const MAX_BURST_RETRIES = 5;
/** The first wait before a lost message goes again; each next one doubles, up to the max. */
export const RESEND_FIRST_MS = 2_000;
export const RESEND_MAX_MS = 30_000;

let nextKey = 1;

/** A version 4 UUID; crypto.randomUUID exists only on https pages and localhost. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const onlineEvents = (run: () => void) => {
  window.addEventListener('online', run);
  return () => window.removeEventListener('online', run);
};

export function createOutbox<T>(deps: OutboxDeps<T>) {
  const burstRetries = deps.burstRetries ?? MAX_BURST_RETRIES;
  const schedule = deps.schedule ?? ((run, ms) => window.setTimeout(run, ms));
  const now = deps.now ?? Date.now;
  const onOnline = deps.onOnline ?? onlineEvents;
  let state: OutboxState = { pending: [], refused: null };
  let busy = false;
  let retries = 0;
  let resends = 0;
  let waits = 0;
  let stopListening: (() => void) | null = null;
  /** Closed when the session ends: nothing more goes, whatever timer or answer comes. */
  let closed = false;
  const listeners = new Set<() => void>();

  const set = (next: Partial<OutboxState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };
  const patchHead = (patch: Partial<PendingMessage>) =>
    set({ pending: state.pending.map((p, i) => (i === 0 ? { ...p, ...patch } : p)) });

  /** Hands the head and everything after it back, in order. */
  const refuse = (reason: string) => {
    deps.cameBack?.();
    const texts = [...(state.refused?.texts ?? []), ...state.pending.map((p) => p.content)];
    retries = 0;
    resends = 0;
    set({ pending: [], refused: { texts, reason } });
  };

  /** The head goes again, with its key, once the wait is over or the network is back. */
  const resendLater = (head: PendingMessage) => {
    const waitMs = Math.min(RESEND_FIRST_MS * 2 ** resends, RESEND_MAX_MS);
    resends += 1;
    // Only the latest wait may end: an earlier wait's timer, left running when the network came
    // back first, would otherwise cut the next, longer wait short.
    const wait = ++waits;
    patchHead({ state: 'offline', retryAt: now() + waitMs });
    const goAgain = () => {
      if (wait !== waits) return;
      stopListening?.();
      stopListening = null;
      if (state.pending[0]?.key !== head.key || state.pending[0].state !== 'offline') return;
      patchHead({ state: 'queued', retryAt: null });
      pump();
    };
    stopListening?.();
    stopListening = onOnline(goAgain);
    schedule(goAgain, waitMs);
  };

  const pump = () => {
    const head = state.pending[0];
    if (closed || busy || !head || head.state === 'waiting' || head.state === 'offline') return;
    busy = true;
    patchHead({ state: 'sending', retryAt: null });
    deps.send(head.content, head.clientId).then(
      (message) => {
        busy = false;
        // Sent before the session ended: the member who sent it is gone, and so is their cache.
        if (closed) return;
        retries = 0;
        resends = 0;
        set({ pending: state.pending.slice(1) });
        deps.delivered(message);
        pump();
      },
      (error: unknown) => {
        busy = false;
        if (closed) return;
        if (isApiError(error) && error.status === 429 && retries < burstRetries) {
          retries += 1;
          const waitMs = Math.max(1, error.ttl ?? 1) * 1000;
          patchHead({ state: 'waiting', retryAt: now() + waitMs });
          schedule(() => {
            if (state.pending[0]?.key !== head.key) return;
            patchHead({ state: 'queued', retryAt: null });
            pump();
          }, waitMs);
          return;
        }
        if (error instanceof AckLostError || (isApiError(error) && error.network)) {
          return resendLater(head);
        }
        if (isApiError(error) && error.status === 429 && burstRetries > 0) {
          return refuse(M.tooManyMessages(Math.max(1, error.ttl ?? 1)));
        }
        refuse(errorMessage(error, M.sendFailed));
      },
    );
  };

  return {
    /** Queues a message (already checked by the shared schema) and sends it in its turn. */
    push(content: string): void {
      const message: PendingMessage = {
        key: nextKey++,
        clientId: newClientId(),
        content,
        state: 'queued',
        retryAt: null,
      };
      set({ pending: [...state.pending, message] });
      pump();
    },
    /** The refused texts, once: the chat that shows them takes them back into its field. */
    takeRefused(): Refusal | null {
      const refused = state.refused;
      if (refused) set({ refused: null });
      return refused;
    },
    /**
     * The session ended in this tab: what was queued is forgotten and nothing goes any more (a
     * wait, the network coming back or an answer still to come send nothing), so no message of
     * the member who left goes out under whoever signs in next.
     */
    close(): void {
      closed = true;
      waits += 1;
      stopListening?.();
      stopListening = null;
      set({ pending: [], refused: null });
    },
    getState: (): OutboxState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type Outbox<T = unknown> = ReturnType<typeof createOutbox<T>>;
