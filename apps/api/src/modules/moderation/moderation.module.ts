import type { Infra } from '../../infra.js';
import { realtimeAccountNotifier } from '../../realtime/socket-server.js';
import type { AccountService } from '../account/account.service.js';
import type { ApiRoutes } from '../module.js';
import { journalRepository } from './journal.repository.js';
import { journalService } from './journal.service.js';
import { moderationRepository } from './moderation.repository.js';
import { moderationRoutes } from './moderation.routes.js';
import { moderationService } from './moderation.service.js';
import { sanctionsService } from './sanctions.service.js';
import { workspaceRepository } from './workspace.repository.js';
import { workspaceRoutes } from './workspace.routes.js';
import { workspaceService } from './workspace.service.js';

/**
 * The reports queue and sanctions: the reports side uses the sanctions side, both one
 * repository; a suspension goes through the account module (sessions and sockets end at once);
 * every sanction is mailed to the member. A silence is enforced where members write to others
 * (plugins/auth.ts `refuseIfSilenced`), from the user row the caller lookup reads anyway.
 */
export function moderationModule(
  { db, transaction, clock, mail, site, io }: Infra,
  needs: { accounts: Pick<AccountService, 'suspend'> },
) {
  const repo = moderationRepository(db);
  const sanctions = sanctionsService({
    repo,
    transaction,
    clock,
    accounts: needs.accounts,
    mail,
    live: realtimeAccountNotifier(io),
    ...site,
  });
  const moderation = moderationService({ repo, sanctions, transaction, clock });
  const journal = journalService({ repo: journalRepository(db) });
  const workspace = workspaceService({
    repo: workspaceRepository(db),
    reports: repo,
    sanctions,
    clock,
  });
  const routes: ApiRoutes = async (api) => {
    await api.register(moderationRoutes, { moderation, sanctions, journal });
    await api.register(workspaceRoutes, { workspace });
  };
  return { moderation, sanctions, workspace, routes };
}
