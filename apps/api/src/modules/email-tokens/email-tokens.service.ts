import { createHmac, randomBytes } from 'node:crypto';
import type { Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type {
  EmailTokenPurpose,
  EmailTokensRepository,
  TokenPayload,
  TokenPayloadInput,
} from './email-tokens.repository.js';

/**
 * How long each e-mailed link works (also stated in the README). Stop-notification links sit
 * in every notification mail, so they live long; the others protect the account and are short.
 */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  CONFIRM_EMAIL: 48 * 3_600_000,
  RESET_PASSWORD: 3_600_000,
  CONFIRM_DELETE: 24 * 3_600_000,
  CONFIRM_EMAIL_CHANGE: 24 * 3_600_000,
  STOP_NOTIF_APPLI: 180 * 24 * 3_600_000,
  STOP_NOTIF_PROMO: 180 * 24 * 3_600_000,
};

/** Where each purpose's link points in the web app (spec section 2 token pages). */
const LINK_PATH: Record<EmailTokenPurpose, string> = {
  CONFIRM_EMAIL: '/email-confirmed/',
  RESET_PASSWORD: '/new-password/',
  CONFIRM_DELETE: '/deletion-confirmed/',
  CONFIRM_EMAIL_CHANGE: '/email-confirmed/',
  STOP_NOTIF_APPLI: '/stop-notif/',
  STOP_NOTIF_PROMO: '/stop-notif/',
};

/** The links that act on the account itself, retired when its password or address changes. */
const ACCOUNT_LINKS: EmailTokenPurpose[] = [
  'RESET_PASSWORD',
  'CONFIRM_EMAIL_CHANGE',
  'CONFIRM_DELETE',
];

export interface ValidToken {
  id: number;
  userId: number;
  purpose: EmailTokenPurpose;
  payload: TokenPayload | null;
}

export interface EmailTokensDeps {
  repo: EmailTokensRepository;
  clock: Clock;
  publicUrl: string;
  /**
   * Key of the reusable links' values (the JWT secret in the app). Absent: a key of this
   * process, so links are reused only until a restart.
   */
  linkSecret?: string;
}

/**
 * A reused link must still work for a while after the mail that carries it: below this much
 * life left, a new one is issued.
 */
const REUSE_MIN_LIFE_MS = 30 * 24 * 3_600_000;

/**
 * Single-use links sent by mail: 256-bit random values, stored only as their SHA-256, with an
 * expiry per purpose. `consume` succeeds once; a second use, an expired or unknown token gives
 * null and the caller answers 'Lien invalide ou expiré.' / 404 as the spec says.
 */
export function emailTokensService({ repo, clock, publicUrl, linkSecret }: EmailTokensDeps) {
  const key = linkSecret ?? randomBytes(32).toString('base64url');
  // Only the hash of a token is stored; a reusable one is recomputed from the row's random
  // nonce and the server's key, so the database alone still does not give the link away.
  const derived = (nonce: string) =>
    createHmac('sha256', key).update(`email-link:${nonce}`).digest('base64url');
  const linkOf = (purpose: EmailTokenPurpose, token: string) =>
    `${publicUrl}${LINK_PATH[purpose]}${token}`;

  async function find(token: string, purposes: EmailTokenPurpose[]): Promise<ValidToken | null> {
    if (!token || token.length > 128) return null;
    const row = await repo.findByHash(hashToken(token));
    if (!row || row.usedAt || !purposes.includes(row.purpose)) return null;
    if (row.expiresAt.getTime() <= clock.now().getTime()) return null;
    return { id: row.id, userId: row.userId, purpose: row.purpose, payload: row.payload };
  }

  return {
    /** Creates a token and returns the raw value (to put in a link) and the full link. */
    async issue(
      userId: number,
      purpose: EmailTokenPurpose,
      // tx: issue inside the caller's transaction (e.g. with the user row it points to).
      options: { payload?: TokenPayloadInput; replacePrevious?: boolean; tx?: Tx } = {},
    ): Promise<{ token: string; link: string }> {
      const now = clock.now();
      // Older links of the same purpose stop working when a new one is sent.
      if (options.replacePrevious) await repo.retireUnused(userId, [purpose], now, options.tx);
      const token = randomToken();
      await repo.create(
        {
          userId,
          purpose,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
          payload: options.payload,
        },
        options.tx,
      );
      return { token, link: linkOf(purpose, token) };
    },

    /**
     * The member's link of a long-lived purpose (stop notifications), one per member and
     * purpose, put in every mail while it stays valid instead of a new token per mail. It
     * still works once: after a use the next mail carries a new one.
     */
    async reusable(
      userId: number,
      purpose: EmailTokenPurpose,
      tx?: Tx,
    ): Promise<{ token: string; link: string }> {
      const now = clock.now();
      const current = await repo.findLatestValid(
        userId,
        purpose,
        new Date(now.getTime() + Math.min(REUSE_MIN_LIFE_MS, EMAIL_TOKEN_TTL_MS[purpose] / 2)),
        tx,
      );
      const nonce = (current?.payload as { nonce?: unknown } | null)?.nonce;
      if (typeof nonce === 'string') {
        const token = derived(nonce);
        return { token, link: linkOf(purpose, token) };
      }
      const fresh = randomBytes(24).toString('base64url');
      const token = derived(fresh);
      await repo.create(
        {
          userId,
          purpose,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
          payload: { nonce: fresh },
        },
        tx,
      );
      return { token, link: linkOf(purpose, token) };
    },

    /**
     * Retires the member's unused links that act on the account (new password, address
     * change, deletion), in the transaction that changes the password or the address: they
     * were asked for with a password, or mailed to an address, that may be a thief's, who
     * could otherwise still take the account with them. Stop-notification links stay: they
     * only turn mail off.
     */
    async retireAccountLinks(userId: number, tx?: Tx): Promise<void> {
      await repo.retireUnused(userId, ACCOUNT_LINKS, clock.now(), tx);
    },

    /** Looks a token up without using it (e.g. GET /users/check-token before confirming). */
    peek: find,

    /** Uses a token once; null when unknown, expired, of another purpose or already used. */
    async consume(token: string, purposes: EmailTokenPurpose[]): Promise<ValidToken | null> {
      const found = await find(token, purposes);
      if (!found) return null;
      return (await repo.markUsed(found.id, clock.now())) ? found : null;
    },
  };
}
export type EmailTokensService = ReturnType<typeof emailTokensService>;
