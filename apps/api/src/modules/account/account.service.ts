import {
  ACCOUNT_TEXTS,
  AUTH_TEXTS,
  capitalizeName,
  isOldEnough,
  parseBirthDate,
  SETTINGS_TEXTS,
  type StopType,
} from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { registrationSchema } from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import {
  addressAlreadyUsedMail,
  confirmEmailMail,
  resetPasswordMail,
} from '../../lib/mail/templates.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuthService } from '../auth/auth.service.js';
import type { EmailTokensService } from '../email-tokens/email-tokens.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { AccountRepository } from './account.repository.js';
import { announceRemoval } from './member-removal.js';
import type { EventEmitter } from '../../events/domain-events.js';

export type Registration = z.output<typeof registrationSchema>;

/** What both account services (sign-up/removal and settings) store and mail with. */
export interface AccountMailDeps {
  repo: AccountRepository;
  emailTokens: EmailTokensService;
  mail: Pick<MailService, 'enqueue'>;
  transaction: RunInTransaction;
  publicUrl: string;
  associationName: string;
}

export interface AccountServiceDeps extends AccountMailDeps {
  auth: Pick<AuthService, 'revokeSessions' | 'endConnections' | 'guardTokenGuess'>;
  clock: Clock;
  /** memberRemoved once a suspension or ban has committed (carpool withdraws the member). */
  events: EventEmitter;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const invalidLink = () => new AppError('NOT_FOUND', AUTH_TEXTS.invalidLink);

/** Deleted accounts are renamed 'Supprime_<id>' and profile pages hide such pseudos. */
export const isReservedPseudo = (pseudo: string) => pseudo.toLowerCase().includes('supprime');

/**
 * Registration, e-mail confirmation, password reset and stop-notification links. Answers that
 * could tell whether an address has an account are the same either way (no enumeration).
 */
export function accountService(deps: AccountServiceDeps) {
  const { repo, emailTokens, mail, auth, transaction, clock, publicUrl, associationName } = deps;
  const loginUrl = `${publicUrl}/login`;

  async function pseudoTaken(pseudo: string): Promise<boolean> {
    return isReservedPseudo(pseudo) || (await repo.usernameExists(pseudo.toLowerCase()));
  }

  /** A fresh confirmation link (older ones stop working), mailed in `tx` or its own. */
  async function sendConfirmation(
    user: { id: number; username: string; email: string },
    tx?: Tx,
  ): Promise<void> {
    if (!tx) return transaction((inner) => sendConfirmation(user, inner));
    const { link } = await emailTokens.issue(user.id, 'CONFIRM_EMAIL', {
      replacePrevious: true,
      tx,
    });
    const content = confirmEmailMail(user.username, link, associationName);
    await mail.enqueue({ to: user.email, kind: 'confirm-email', ...content }, tx);
  }

  return {
    /**
     * Suspends a member (moderation, operators): every login is revoked and every socket of
     * the member is cut at once, on every instance. `until` null (default) = banned until
     * lifted; a suspended member's end can be changed. `before` runs first in the same
     * transaction (a moderator's check of the sanction in force, which the change replaces),
     * `within` after it (the moderator's audit row). Once committed, the member's upcoming
     * carpools are cancelled. false when the account is neither active nor suspended.
     */
    async suspend(
      userId: number,
      options: {
        until?: Date | null;
        before?: (tx: Tx) => Promise<void>;
        within?: (tx: Tx) => Promise<void>;
      } = {},
    ): Promise<boolean> {
      const done = await transaction(async (tx) => {
        await options.before?.(tx);
        if (!(await repo.suspend(userId, options.until ?? null, tx))) return false;
        await auth.revokeSessions(userId, 'suspended', { tx });
        await options.within?.(tx);
        return true;
      });
      if (done) {
        auth.endConnections(userId);
        await announceRemoval(deps.events, deps.log, userId, options.until ? 'suspension' : 'ban');
      }
      return done;
    },

    pseudoTaken,

    /**
     * POST /users. A taken pseudo is public (check-username) → 409. A taken e-mail is not: the
     * caller gets the usual answer and the address's owner a notice instead. An address still
     * PENDING takes the new details and a fresh link (the older ones stop working).
     */
    async register(input: Registration): Promise<void> {
      const birthIso = parseBirthDate(input.date_naissance);
      if (!birthIso) throw new AppError('VALIDATION', AUTH_TEXTS.birthDate);
      if (!isOldEnough(birthIso, clock.now())) {
        throw new AppError('VALIDATION', AUTH_TEXTS.tooYoung);
      }
      const antennaIds = [...new Set(input.antennes)];
      if (antennaIds.length && (await repo.countAntennas(antennaIds)) !== antennaIds.length) {
        throw new AppError('VALIDATION', ACCOUNT_TEXTS.antennaUnknown);
      }
      if (await pseudoTaken(input.username)) {
        throw new AppError('CONFLICT', AUTH_TEXTS.pseudoTaken);
      }
      const email = input.email.toLowerCase();
      // Hash first in every case, so both branches take the same time.
      const passwordHash = await hashPassword(input.password);
      const newUser = {
        username: input.username,
        firstName: capitalizeName(input.prenom),
        lastName: input.nom.toUpperCase(),
        email,
        passwordHash,
        birthDate: new Date(`${birthIso}T00:00:00Z`),
        department: `FR-${input.departement}`,
        appMailOptIn: input.notif_mail_appli,
        promoMailOptIn: input.notif_mail_promo,
        antennaIds,
      };
      const existing = await repo.findByEmail(email);
      if (existing && existing.status !== 'PENDING') {
        const content = addressAlreadyUsedMail(existing.username, loginUrl, associationName);
        await mail.enqueue({ to: existing.email, kind: 'address-already-used', ...content });
        return;
      }
      try {
        await transaction(async (tx) => {
          // An address nobody confirmed yet goes to its latest sign-up: only the mailbox's owner
          // can confirm, and what they confirm must be what they typed, not the details (and
          // password) of whoever signed up under their address first.
          const user = existing
            ? await repo.replacePending(existing.id, newUser, tx)
            : await repo.create(newUser, tx);
          if (user) await sendConfirmation(user, tx);
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Lost a race: the pseudo is public, the e-mail stays silent.
        if (await repo.usernameExists(input.username.toLowerCase())) {
          throw new AppError('CONFLICT', AUTH_TEXTS.pseudoTaken);
        }
      }
    },

    /** POST /auth/resend-confirmation: a fresh link, only for a PENDING account. */
    async resendConfirmation(email: string): Promise<void> {
      const user = await repo.findByEmail(email.toLowerCase());
      if (user?.status === 'PENDING') await sendConfirmation(user);
    },

    /**
     * GET /users/confirm-email/{token}: activates a new account, or (CONFIRM_EMAIL_CHANGE)
     * moves the account to the address carried by the token if it is still free.
     */
    async confirmEmail(token: string): Promise<void> {
      const found = await emailTokens.consume(token, ['CONFIRM_EMAIL', 'CONFIRM_EMAIL_CHANGE']);
      if (!found) throw invalidLink();
      if (found.purpose === 'CONFIRM_EMAIL') {
        if (!(await repo.activate(found.userId))) throw invalidLink();
        return;
      }
      const user = await repo.findById(found.userId);
      const payload = found.payload as { email?: unknown } | null;
      const email = typeof payload?.email === 'string' ? payload.email : null;
      if (!user || user.status !== 'ACTIVE' || !email) throw invalidLink();
      const owner = await repo.findByEmail(email);
      if (owner && owner.id !== user.id) throw new AppError('CONFLICT', ACCOUNT_TEXTS.emailTaken);
      try {
        await transaction(async (tx) => {
          await repo.claimContactMessages(user.id, user.email, tx);
          await repo.setEmail(user.id, email, tx);
          // The other links went to the old address, which may no longer be the member's.
          await emailTokens.retireAccountLinks(user.id, tx);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCOUNT_TEXTS.emailTaken);
        throw err;
      }
    },

    /** Mails a new-password link only when the e-mail AND the birth date match an active account. */
    async requestPasswordReset(email: string, birthIso: string): Promise<void> {
      const user = await repo.findByEmail(email.toLowerCase());
      if (!user || user.status !== 'ACTIVE') return;
      if (user.birthDate.toISOString().slice(0, 10) !== birthIso) return;
      await transaction(async (tx) => {
        const { link } = await emailTokens.issue(user.id, 'RESET_PASSWORD', {
          replacePrevious: true,
          tx,
        });
        const content = resetPasswordMail(user.username, link, associationName);
        await mail.enqueue({ to: user.email, kind: 'reset-password', ...content }, tx);
      });
    },

    /** Sets the new password, retires pending account links and signs out everywhere. */
    async resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
      const found = await auth.guardTokenGuess(ip, () =>
        emailTokens.consume(token, ['RESET_PASSWORD']),
      );
      if (!found) throw invalidLink();
      const user = await repo.findById(found.userId);
      if (!user || user.status !== 'ACTIVE') throw invalidLink();
      const hash = await hashPassword(newPassword);
      await transaction(async (tx) => {
        await repo.setPasswordHash(user.id, hash, tx);
        await emailTokens.retireAccountLinks(user.id, tx);
        await auth.revokeSessions(user.id, 'password-reset', { tx });
      });
      auth.endConnections(user.id);
    },

    async checkResetToken(token: string, ip: string): Promise<boolean> {
      return Boolean(
        await auth.guardTokenGuess(ip, () => emailTokens.peek(token, ['RESET_PASSWORD'])),
      );
    },

    /** The deletion link, looked at without being used (the page asks before deleting). */
    async checkDeleteToken(token: string, ip: string): Promise<boolean> {
      return Boolean(
        await auth.guardTokenGuess(ip, () => emailTokens.peek(token, ['CONFIRM_DELETE'])),
      );
    },

    async checkStopToken(token: string): Promise<{ valid: boolean; stopType?: StopType }> {
      const found = await emailTokens.peek(token, ['STOP_NOTIF_APPLI', 'STOP_NOTIF_PROMO']);
      if (!found) return { valid: false };
      return {
        valid: true,
        stopType: found.purpose === 'STOP_NOTIF_PROMO' ? 'promo' : 'application',
      };
    },

    /** confirm=false leaves the link usable and changes nothing. */
    async stopNotif(token: string, confirm: boolean): Promise<{ type: StopType; message: string }> {
      const purposes = ['STOP_NOTIF_APPLI', 'STOP_NOTIF_PROMO'] as const;
      const found = confirm
        ? await emailTokens.consume(token, [...purposes])
        : await emailTokens.peek(token, [...purposes]);
      if (!found) throw invalidLink();
      const type: StopType = found.purpose === 'STOP_NOTIF_PROMO' ? 'promo' : 'application';
      if (!confirm) return { type, message: SETTINGS_TEXTS.nothingChanged };
      await repo.setNotifications(
        found.userId,
        type === 'promo' ? { promoMailOptIn: false } : { appMailOptIn: false },
      );
      return {
        type,
        message: type === 'promo' ? SETTINGS_TEXTS.stopPromo : SETTINGS_TEXTS.stopApplication,
      };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
