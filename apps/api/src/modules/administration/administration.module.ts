import { withFallback } from '../../config/operator.js';
import type { Infra } from '../../infra.js';
import { DEMO_SITE_INFO } from '../../seed/demo-site.js';
import type { ApiRoutes } from '../module.js';
import { listsRepository, reasonsRepository } from './lists.repository.js';
import { listsRoutes } from './lists.routes.js';
import { listsService } from './lists.service.js';
import { membersRepository } from './members.repository.js';
import { membersRoutes } from './members.routes.js';
import { membersService } from './members.service.js';
import { reasonsService } from './reasons.service.js';
import { siteRepository } from './site.repository.js';
import { siteService } from './site.service.js';
import { titlesRepository } from './titles.repository.js';
import { titlesService } from './titles.service.js';

/** ADMIN: members, titles, reference lists, site settings; every write with its audit row. */
export function administrationModule({ db, transaction, config, log, onReady }: Infra) {
  const services = {
    members: membersService({ repo: membersRepository(db), transaction }),
    titles: titlesService({ repo: titlesRepository(db), transaction }),
    lists: listsService({ repo: listsRepository(db), transaction }),
    reasons: reasonsService({ repo: reasonsRepository(db), transaction }),
    site: siteService({
      repo: siteRepository(db),
      transaction,
      operator: config.demoData ? withFallback(config.operator, DEMO_SITE_INFO) : config.operator,
    }),
  };
  // One warning at start naming what the operator has not filled in: the pages show nothing in
  // its place meanwhile. Not awaited: a database that does not answer must not hold the start.
  onReady(async () => {
    void services.site
      .missing()
      .then((missing) => {
        if (missing.length === 0) return;
        // Its default is no real mailbox: the contact form answers success and nobody reads it.
        const contact = missing.includes('CONTACT_EMAIL')
          ? ` Attention : sans CONTACT_EMAIL, les messages du formulaire de contact n’arrivent à personne (ils partent vers ${config.contactEmail}, qui n’est pas une vraie boîte).`
          : '';
        log.warn(
          { missing },
          `Contenu de l’exploitant non renseigné, absent des pages : ${missing.join(', ')} (voir le README, « Operator content »).${contact}`,
        );
      })
      .catch(() => {});
  });
  const routes: ApiRoutes = async (api) => {
    await api.register(membersRoutes, services);
    await api.register(listsRoutes, services);
  };
  return { ...services, routes };
}
