import type { Db } from '../../db/client.js';
import { transactionRunner } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountService } from '../account/account.service.js';
import type { MailService } from '../mail/mail.service.js';
import { moderationRepository } from './moderation.repository.js';
import { moderationService } from './moderation.service.js';
import { sanctionsService } from './sanctions.service.js';

/** Wires moderation for app.ts: the reports side uses the sanctions side, both one repository. */
export function moderationServices(deps: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'enqueue'>;
  accounts: Pick<AccountService, 'suspend'>;
  publicUrl: string;
  associationName: string;
}) {
  const repo = moderationRepository(deps.db);
  const transaction = transactionRunner(deps.db);
  const sanctions = sanctionsService({
    repo,
    transaction,
    clock: deps.clock,
    accounts: deps.accounts,
  });
  const moderation = moderationService({ ...deps, repo, sanctions, transaction });
  return { moderation, sanctions };
}
