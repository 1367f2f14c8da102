/**
 * The write hit a unique index (Prisma's P2002): another request took the value between the
 * service's check and its write. Services ask this instead of knowing Prisma's error codes.
 */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}

/** Prisma's codes for "no database": unreachable, timed out, connection closed, pool wait. */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Socket-level failures of the pg driver. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** pg's own messages for a connection that went away or never came (they carry no code). */
const DRIVER_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|Client has encountered a connection error/i;

/**
 * The database is down or restarting rather than the request being wrong: a connection
 * refused or cut, SQLSTATE class 08 (connection exception) or 57P01-57P03 (admin shutdown,
 * crash shutdown, cannot connect now), Prisma's connection codes. Looks through `cause`
 * chains, since Prisma's driver adapter wraps the pg error, and through the driver adapter's
 * error that Prisma attaches to a failed raw query (P2010, `meta.driverAdapterError`: a score
 * entry's `$executeRaw` cut by a restart answered 500 before, found by `pnpm bench drill-faults`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const e = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      kind?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    const code = typeof e.code === 'string' ? e.code : '';
    if (PRISMA_UNAVAILABLE.has(code) || NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (e.kind === 'DatabaseNotReachable' || e.kind === 'ConnectionClosed') return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
    current = e.cause ?? e.meta?.driverAdapterError;
  }
  return false;
}
