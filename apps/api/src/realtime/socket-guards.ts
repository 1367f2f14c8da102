import type { IncomingMessage } from 'node:http';

/**
 * socket.io's `allowRequest`: a browser always sends Origin on a websocket; when it names
 * another site than the app's (or one the operator allowed), the handshake is refused, so a
 * page elsewhere cannot open a socket with a member's cookie or token. Clients without Origin
 * (native apps, tests, server-to-server) still authenticate as usual.
 */
export function originGuard(allowed: readonly string[]) {
  const origins = new Set(allowed);
  return (
    req: IncomingMessage,
    callback: (err: string | null | undefined, ok: boolean) => void,
  ) => {
    const origin = req.headers.origin;
    if (origin === undefined || origins.has(origin)) return callback(null, true);
    callback('Origine refusée', false);
  };
}

export interface EventLimit {
  /** Events a socket may send per window; more are dropped. */
  max: number;
  windowMs: number;
  /** Windows with dropped events after which the socket is disconnected. */
  maxViolations: number;
}

/**
 * Per-socket flood control (fixed window): events beyond `max` in a window are dropped, never
 * handled or relayed. The socket is cut when it goes over budget in `maxViolations` windows,
 * or sends twice its budget in one window (a burst no honest page produces). `take()` answers
 * 'ok', 'drop' or 'cut'.
 */
export function eventBudget(limit: EventLimit, now: () => number = Date.now) {
  let windowStart = now();
  let count = 0;
  let violations = 0;
  let violatedThisWindow = false;
  return {
    /** Milliseconds until the current window ends (the wait told to a refused client). */
    resetsIn(): number {
      return Math.max(0, windowStart + limit.windowMs - now());
    },
    take(): 'ok' | 'drop' | 'cut' {
      const t = now();
      if (t - windowStart >= limit.windowMs) {
        windowStart = t;
        count = 0;
        violatedThisWindow = false;
      }
      count += 1;
      if (count <= limit.max) return 'ok';
      if (!violatedThisWindow) {
        violatedThisWindow = true;
        violations += 1;
      }
      return violations >= limit.maxViolations || count > 2 * limit.max ? 'cut' : 'drop';
    },
  };
}

/**
 * One `eventBudget` per member on this instance, shared by all of the member's sockets: a
 * budget per socket would let a member multiply it by opening more tabs or scripted sockets.
 * Entries whose window has ended are dropped now and then, so the map holds only recent senders.
 */
export function memberBudgets(limit: EventLimit, now: () => number = Date.now) {
  const budgets = new Map<number, ReturnType<typeof eventBudget>>();
  let nextPrune = now() + limit.windowMs;
  return {
    of(userId: number): ReturnType<typeof eventBudget> {
      if (now() >= nextPrune) {
        for (const [id, budget] of budgets) if (budget.resetsIn() === 0) budgets.delete(id);
        nextPrune = now() + limit.windowMs;
      }
      let budget = budgets.get(userId);
      if (!budget) budgets.set(userId, (budget = eventBudget(limit, now)));
      return budget;
    },
    get size() {
      return budgets.size;
    },
  };
}
