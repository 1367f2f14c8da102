import { isDatabaseUnavailable } from '../db/errors.js';

interface Log {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * What the process does with a promise rejection nobody handled.
 *
 * pg-boss 10 settles a job after its handler without awaiting the write (manager.js, onFetch:
 * `this.complete(...)` and `this.fail(...)`; pg-boss 11, which awaits it, needs Node 22). When
 * the database goes away at that moment the rejection is unhandled, and Node would end the
 * API, sockets and all, for a write whose loss is harmless here: the job stays active until it
 * expires and is retried, and the mail outbox sends each mail once whatever the job says
 * (found by `pnpm bench drill-faults`, which restarts PostgreSQL while carpool notices are mailed).
 * So a rejection that only says "the database is unavailable" is logged and the process goes
 * on; any other one is logged and ends the process, as Node itself would.
 */
export function unhandledRejectionHandler(log: Log, exit: (code: number) => void) {
  return (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'écriture abandonnée : base de données indisponible');
      return;
    }
    log.fatal({ err: reason }, 'promesse rejetée sans traitement');
    exit(1);
  };
}
