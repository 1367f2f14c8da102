import type { ErrorCode } from '@munegu/shared';

/** HTTP status of each error code: the one place codes meet HTTP. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INACTIVE_ACCOUNT: 403,
  SUSPENDED_ACCOUNT: 401,
  UNAVAILABLE: 503,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  INTERNAL: 500,
};

export interface AppErrorOptions {
  /** Overrides the code's usual status (rarely needed). */
  status?: number;
  /** Field errors, returned as `errors` for VALIDATION. */
  details?: { path: string; message: string }[];
  /** RATE_LIMITED: seconds before a new try can pass, returned as `ttl`. */
  ttl?: number;
  /** SUSPENDED_ACCOUNT: the sanction, returned as `suspension` (the member's page shows it). */
  suspension?: Suspension;
}

/** A suspension as a suspended member is told it: ISO end (null: banned) and the reason. */
export interface Suspension {
  until: string | null;
  reason: string | null;
}

/** The one error type services throw; `message` is French and shown to the user as is. */
export class AppError extends Error {
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;
  readonly ttl: number | undefined;
  readonly suspension: Suspension | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = options.status ?? STATUS[code];
    this.details = options.details;
    this.ttl = options.ttl;
    this.suspension = options.suspension;
  }
}

export const notFound = (message = 'Ressource introuvable.') => new AppError('NOT_FOUND', message);
