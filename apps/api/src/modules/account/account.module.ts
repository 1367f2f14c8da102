import path from 'node:path';
import type { Infra } from '../../infra.js';
import type { AuthService } from '../auth/auth.service.js';
import type { EmailTokensService } from '../email-tokens/email-tokens.service.js';
import type { ApiRoutes } from '../module.js';
import { accountRepository } from './account.repository.js';
import { accountRoutes } from './account.routes.js';
import { accountService } from './account.service.js';
import { privacyRepository } from './privacy.repository.js';
import { privacyService } from './privacy.service.js';
import { settingsRoutes } from './settings.routes.js';
import { settingsService } from './settings.service.js';

/**
 * Registration, e-mailed links, settings, deletion and data export. A removed member is
 * announced (memberRemoved, accountsRemoved): the modules that care subscribe.
 */
export function accountModule(
  infra: Infra,
  needs: { auth: AuthService; emailTokens: EmailTokensService },
) {
  const { db, mail, transaction, clock, site, events, log } = infra;
  const repo = accountRepository(db);
  const common = { repo, emailTokens: needs.emailTokens, mail, transaction, ...site };
  const account = accountService({ ...common, auth: needs.auth, clock, events, log });
  const settings = settingsService({ ...common, auth: needs.auth });
  const privacy = privacyService({
    repo: privacyRepository(db),
    emailTokens: needs.emailTokens,
    mail,
    clock,
    avatarDir: path.join(infra.uploadsDir, 'avatar'),
    ...site,
    log,
    sessions: needs.auth,
    events,
  });
  const routes: ApiRoutes = async (api) => {
    await api.register(accountRoutes, { account, privacy });
    await api.register(settingsRoutes, { settings, privacy });
  };
  return { account, settings, privacy, routes };
}
