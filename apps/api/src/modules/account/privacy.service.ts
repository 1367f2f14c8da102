import { rm } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_TEXTS } from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { inactivityWarningMail } from '../../lib/mail/templates.js';
import type { AuthService } from '../auth/auth.service.js';
import type { EmailTokensService } from '../email-tokens/email-tokens.service.js';
import type { MailService } from '../mail/mail.service.js';
import { announceRemoval } from './member-removal.js';
import type { EventEmitter } from '../../events/domain-events.js';
import { toExportSections } from './privacy.mapper.js';
import type { PrivacyRepository } from './privacy.repository.js';

/** Spec section 9: data is deleted after a year without activity, with a warning a month before. */
export const INACTIVITY = { warnAfterMonths: 11, deleteAfterMonths: 12, graceDays: 30 } as const;
/** Accounts read per query; a run stops after MAX_ROUNDS batches per step (the next day goes on). */
const BATCH = 200;
const MAX_ROUNDS = 50;

export interface PrivacyServiceDeps {
  repo: PrivacyRepository;
  emailTokens: EmailTokensService;
  mail: Pick<MailService, 'enqueue'>;
  clock: Clock;
  /** DATA_DIR/uploads/avatar, where avatar files live. */
  avatarDir: string;
  publicUrl: string;
  associationName: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Cuts the sockets of an anonymised account (its logins are revoked with it). */
  sessions: Pick<AuthService, 'endConnections'>;
  /**
   * memberRemoved once an account is anonymised (carpool and trips withdraw the member), and
   * accountsRemoved once per deletion or purge (predictions re-ranks the season).
   */
  events: EventEmitter;
}

const monthsBefore = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/** Account deletion (anonymisation), the inactivity purge and the data export. */
export function privacyService(deps: PrivacyServiceDeps) {
  const { repo, emailTokens, mail, clock, avatarDir, publicUrl, associationName, log } = deps;
  const { sessions, events } = deps;

  async function anonymise(userId: number, reason: 'request' | 'inactivity'): Promise<boolean> {
    const before = await repo.findAvatar(userId);
    if (!before || before.status === 'DELETED') return false;
    const done = await repo.anonymise(userId, clock.now(), reason);
    if (!done) return false;
    sessions.endConnections(userId);
    await announceRemoval(events, log, userId, 'deletion');
    if (before.avatarFile) {
      // basename: a stored name can never point outside the avatar folder.
      await rm(path.join(avatarDir, path.basename(before.avatarFile)), { force: true }).catch(
        (err: unknown) => log.warn({ err, userId }, 'avatar file of a deleted account not removed'),
      );
    }
    return true;
  }

  return {
    anonymise,

    /** GET /users/confirm-delete/{token}. */
    async confirmDelete(token: string): Promise<void> {
      const found = await emailTokens.consume(token, ['CONFIRM_DELETE']);
      if (!found || !(await anonymise(found.userId, 'request'))) {
        throw new AppError('NOT_FOUND', AUTH_TEXTS.invalidLink);
      }
      await events.emit('accountsRemoved', { count: 1 });
    },

    /**
     * The daily job: warns active accounts idle for 11 months, and anonymises those idle for
     * 12 months whose warning is at least 30 days old. A login or a refresh clears both. A
     * sign-up never confirmed goes after 12 months too, unwarned (its address never proved
     * to be anyone's).
     */
    async runInactivity(): Promise<{ warned: number; deleted: number }> {
      const now = clock.now();
      const warnSince = monthsBefore(now, INACTIVITY.warnAfterMonths);
      let warned = 0;
      // Batches until none is left: handled accounts no longer match the query.
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const batch = await repo.findToWarn(warnSince, BATCH);
        for (const user of batch) {
          if (!(await repo.markWarned(user.id, warnSince, now))) continue;
          const content = inactivityWarningMail(
            user.username,
            `${publicUrl}/login`,
            associationName,
          );
          await mail.enqueue({ to: user.email, kind: 'inactivity-warning', ...content });
          warned++;
        }
        if (batch.length < BATCH) break;
      }
      const deleteSince = monthsBefore(now, INACTIVITY.deleteAfterMonths);
      const warnedBefore = new Date(now.getTime() - INACTIVITY.graceDays * 86_400_000);
      let deleted = 0;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const batch = await repo.findToPurge(deleteSince, warnedBefore, BATCH);
        for (const user of batch) if (await anonymise(user.id, 'inactivity')) deleted++;
        if (batch.length < BATCH) break;
      }
      // Once for the whole purge, not per account.
      if (deleted > 0) await events.emit('accountsRemoved', { count: deleted });
      return { warned, deleted };
    },

    /** The export file's content, and the member's username (the file is named after it). */
    async exportData(userId: number) {
      const data = await repo.exportData(userId);
      if (!data) throw new AppError('UNAUTHENTICATED', 'Tu dois être connecté(e).');
      return {
        username: data.compte.username,
        file: { exportedAt: clock.now().toISOString(), ...toExportSections(data) },
      };
    },
  };
}
export type PrivacyService = ReturnType<typeof privacyService>;
