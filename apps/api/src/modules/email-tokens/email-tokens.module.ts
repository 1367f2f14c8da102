import type { Infra } from '../../infra.js';
import type { StopLinks } from '../predictions/reminder.service.js';
import { emailTokensRepository } from './email-tokens.repository.js';
import { emailTokensService } from './email-tokens.service.js';

/** Single-use e-mailed links; no routes of its own (account and auth routes consume them). */
export function emailTokensModule({ db, clock, site, config }: Infra) {
  const emailTokens = emailTokensService({
    repo: emailTokensRepository(db),
    clock,
    publicUrl: site.publicUrl,
    linkSecret: config.jwtSecret,
  });
  // The stop link of notification mails, issued in the transaction that queues the mail.
  // One link per member and kind, reused by every mail while it stays valid.
  const stopLinks: StopLinks = {
    link: async (userId, kind, tx) =>
      (
        await emailTokens.reusable(
          userId,
          kind === 'promo' ? 'STOP_NOTIF_PROMO' : 'STOP_NOTIF_APPLI',
          tx,
        )
      ).link,
  };
  return { emailTokens, stopLinks };
}
