/**
 * Request budgets per address: the global one over every API route, and smaller ones for the
 * routes that send mail, write files or cost a password hash. Each is an environment variable
 * `RATE_LIMIT_<NAME>` written `max/window` (window in s, m or h: `10/1h`, `5/15m`), so an
 * operator can raise the registration budget for a supporters' meeting on one Wi-Fi without a
 * release. The README's limits table lists the same names and defaults.
 */
export interface RateBudget {
  max: number;
  /** Window in milliseconds (@fastify/rate-limit's `timeWindow`). */
  timeWindow: number;
}

export const RATE_BUDGET_DEFAULTS = {
  /** POST /users. */
  registration: '10/1h',
  /** POST /auth/resend-confirmation. */
  confirmationResend: '3/15m',
  /** POST /users/request-password-reset. */
  passwordResetRequest: '5/15m',
  /** POST /users/reset-password. */
  passwordReset: '10/15m',
  /** PATCH /users/me/email. */
  emailChange: '5/15m',
  /** PATCH /users/me/password. */
  passwordChange: '10/15m',
  /** PATCH /users/me/request-delete. */
  deletionRequest: '5/15m',
  /** GET /users/me/export. */
  dataExport: '10/1h',
  /** POST /users/upload-profile-picture. */
  avatarUpload: '20/10m',
  /** POST /contact. */
  contact: '5/10m',
  /** POST /actualite/proxy-tweet (each call fetches from X). */
  tweetFetch: '30/10m',
} as const;

export type RateBudgetName = keyof typeof RATE_BUDGET_DEFAULTS;
export type RateBudgets = Record<RateBudgetName, RateBudget>;

/**
 * Budgets per member account (plugins/rate-limit/account-budgets.ts) for the writes that reach
 * another member: an address budget alone lets one account spread its flood over many
 * addresses, and one mobile network's address is shared by a whole coach of supporters.
 * Written and named like the route budgets (`RATE_LIMIT_CARPOOL_PAIR=3/24h`).
 */
export const ACCOUNT_BUDGET_DEFAULTS = {
  /** Carpool proposals and requests one member sends (POST /user-to-user-match). */
  carpoolRequest: '20/1h',
  /** The same from one member to one other member for one match: a few rounds, then 429. */
  carpoolPair: '3/24h',
  /** Carpool cancellations and exclusions one member makes. */
  carpoolCancel: '20/1h',
  /** Carpool ratings one member gives. */
  carpoolRating: '30/1h',
  /** Conversations one member starts with members who have not accepted them yet. */
  messageRequest: '20/1h',
  /** Push subscriptions one member registers (POST /push/subscriptions). */
  pushSubscription: '20/1h',
  /**
   * Messages one member posts in the group threads of cars and coaches. Unlike a private
   * conversation, a group cannot be blocked by the members it reaches.
   */
  groupMessage: '60/10m',
  /**
   * Messages of one group, all its senders together: what each of its members can receive,
   * whatever the number of accounts writing (a moderator can silence those).
   */
  groupMessagePerGroup: '300/10m',
  /** Coach-trip announcements one organiser posts (each one mails the confirmed registrants). */
  tripAnnouncement: '10/1h',
  /**
   * Announcements of one trip, all its organisers together: what one registrant can receive,
   * by bell and mail, however many organisers the antenna has.
   */
  tripAnnouncementPerTrip: '20/24h',
  /**
   * Changes of a coach's departure or return one organiser makes while members are registered
   * (each one tells every registrant, by bell and mail).
   */
  tripSchedule: '20/1h',
  /** The same for one trip, all its organisers together: what one registrant can receive. */
  tripSchedulePerTrip: '10/24h',
  /**
   * Coach-trip registrations one member makes (POST …/inscriptions). Each one is pushed live to
   * everyone looking at the match; cancelling is never counted, so a seat can always be freed.
   */
  tripRegistration: '10/1h',
  /**
   * POST /user-signalement and the report filed by a cancellation: counted by the reports
   * service in the database, in the transaction that files (race-free, every instance).
   */
  reports: '20/1h',
} as const;

export type AccountBudgetName = keyof typeof ACCOUNT_BUDGET_DEFAULTS;
export type AccountBudgetLimits = Record<AccountBudgetName, RateBudget>;

/** registration → RATE_LIMIT_REGISTRATION, passwordResetRequest → RATE_LIMIT_PASSWORD_RESET_REQUEST. */
export function budgetVariable(name: RateBudgetName | AccountBudgetName): string {
  return `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
const BUDGET = /^(\d{1,7})\s*\/\s*(\d{1,5})\s*([smh])$/;

/** `10/1h` → { max: 10, timeWindow: 3 600 000 }; null when the text is not a budget. */
export function parseBudget(text: string): RateBudget | null {
  const match = BUDGET.exec(text.trim());
  if (!match) return null;
  const max = Number(match[1]);
  const timeWindow = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  if (max < 1 || timeWindow < 1_000 || timeWindow > 24 * UNIT_MS.h) return null;
  return { max, timeWindow };
}
