import { SETTINGS_TEXTS } from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import {
  addressClaimedByChangeMail,
  confirmDeleteMail,
  confirmEmailChangeMail,
  emailChangeNoticeMail,
} from '../../lib/mail/templates.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuthService } from '../auth/auth.service.js';
import { isReservedPseudo, type AccountMailDeps } from './account.service.js';

export interface SettingsServiceDeps extends AccountMailDeps {
  auth: Pick<AuthService, 'revokeSessions' | 'checkPassword' | 'endConnections'>;
}

// 400 rather than 401: the web client answers a 401 by refreshing the session and retrying.
const wrongPassword = () => new AppError('VALIDATION', SETTINGS_TEXTS.wrongPassword);

/** The settings page's writes (PATCH /users/me/...), always on the caller's own account. */
export function settingsService(deps: SettingsServiceDeps) {
  const { repo, emailTokens, mail, auth, transaction, publicUrl, associationName } = deps;

  async function account(userId: number) {
    const user = await repo.findById(userId);
    if (!user || user.status !== 'ACTIVE') {
      throw new AppError('UNAUTHENTICATED', 'Tu dois être connecté(e).');
    }
    return user;
  }

  return {
    async updateParametres(
      userId: number,
      input: { username?: string; email?: string; departement?: string },
    ): Promise<{ username: string } | { departement: string }> {
      if (input.email !== undefined) {
        throw new AppError('VALIDATION', SETTINGS_TEXTS.useEmailForm);
      }
      const user = await account(userId);
      if (input.username !== undefined) {
        const pseudo = input.username;
        const sameAccount = pseudo.toLowerCase() === user.username.toLowerCase();
        if (
          !sameAccount &&
          (isReservedPseudo(pseudo) || (await repo.usernameExists(pseudo.toLowerCase())))
        ) {
          throw new AppError('CONFLICT', 'Ce pseudo est déjà utilisé.');
        }
        try {
          await repo.setUsername(user.id, pseudo);
        } catch (err) {
          if (isUniqueViolation(err)) {
            throw new AppError('CONFLICT', 'Ce pseudo est déjà utilisé.');
          }
          throw err;
        }
        return { username: pseudo };
      }
      const code = input.departement!;
      await repo.setDepartment(user.id, `FR-${code}`);
      return { departement: code };
    },

    /**
     * The new address gets a confirmation link; the old one a notice; every session ends. If
     * the new address already has an account, the caller sees the same answer (no probing of
     * addresses) and that account's owner gets a notice instead of a link (saying an account
     * tried to move onto the address, not that someone registered).
     */
    async changeEmail(
      userId: number,
      input: { email: string; password: string },
      ip: string,
    ): Promise<void> {
      const user = await account(userId);
      if (!(await auth.checkPassword(user, input.password, ip))) throw wrongPassword();
      const email = input.email.toLowerCase();
      if (email === user.email) throw new AppError('VALIDATION', SETTINGS_TEXTS.sameEmail);
      const owner = await repo.findByEmail(email);
      await transaction(async (tx) => {
        if (owner) {
          const notice = addressClaimedByChangeMail(owner.username, associationName);
          await mail.enqueue({ to: owner.email, kind: 'address-claimed-by-change', ...notice }, tx);
        } else {
          const { link } = await emailTokens.issue(user.id, 'CONFIRM_EMAIL_CHANGE', {
            payload: { email },
            replacePrevious: true,
            tx,
          });
          const confirm = confirmEmailChangeMail(user.username, link, associationName);
          await mail.enqueue({ to: email, kind: 'confirm-email-change', ...confirm }, tx);
        }
        const notice = emailChangeNoticeMail(
          user.username,
          associationName,
          `${publicUrl}/contact`,
        );
        await mail.enqueue({ to: user.email, kind: 'email-change-notice', ...notice }, tx);
        await auth.revokeSessions(user.id, 'email-change', { tx });
      });
      auth.endConnections(user.id);
    },

    async updateNotifications(
      userId: number,
      input: { notif_mail_appli: boolean; notif_mail_promo: boolean },
    ): Promise<void> {
      const user = await account(userId);
      await repo.setNotifications(user.id, {
        appMailOptIn: input.notif_mail_appli,
        promoMailOptIn: input.notif_mail_promo,
      });
    },

    /**
     * Keeps the caller's own login (session family `keepFamilyId`) and ends all the others;
     * links mailed before (an address change asked with the old password…) stop working.
     */
    async changePassword(
      userId: number,
      input: { oldPassword: string; newPassword: string },
      caller: { keepFamilyId: string; ip: string },
    ): Promise<void> {
      const user = await account(userId);
      if (!(await auth.checkPassword(user, input.oldPassword, caller.ip))) throw wrongPassword();
      // Checked once the current one is known right: it reveals nothing about the account.
      if (input.newPassword === input.oldPassword)
        throw new AppError('VALIDATION', SETTINGS_TEXTS.samePassword, {
          details: [{ path: 'newPassword', message: SETTINGS_TEXTS.samePassword }],
        });
      const hash = await hashPassword(input.newPassword);
      await transaction(async (tx) => {
        await repo.setPasswordHash(user.id, hash, tx);
        await emailTokens.retireAccountLinks(user.id, tx);
        await auth.revokeSessions(user.id, 'password-changed', {
          keepFamilyId: caller.keepFamilyId,
          tx,
        });
      });
      auth.endConnections(user.id, caller.keepFamilyId);
    },

    /** Mails the link that confirms the deletion (GET /users/confirm-delete/{token}). */
    async requestDelete(userId: number): Promise<void> {
      const user = await account(userId);
      await transaction(async (tx) => {
        const { link } = await emailTokens.issue(user.id, 'CONFIRM_DELETE', {
          replacePrevious: true,
          tx,
        });
        const content = confirmDeleteMail(user.username, link, associationName);
        await mail.enqueue({ to: user.email, kind: 'confirm-delete', ...content }, tx);
      });
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
