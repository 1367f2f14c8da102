import type { SiteInfo } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { transactionRunner } from '../../db/tx.js';
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

/** The administration services, wired once (app.ts). */
export function administrationServices(db: Db, { operator }: { operator: SiteInfo }) {
  const transaction = transactionRunner(db);
  return {
    members: membersService({ repo: membersRepository(db), transaction }),
    titles: titlesService({ repo: titlesRepository(db), transaction }),
    lists: listsService({ repo: listsRepository(db), transaction }),
    reasons: reasonsService({ repo: reasonsRepository(db), transaction }),
    site: siteService({ repo: siteRepository(db), transaction, operator }),
  };
}
export type AdministrationServices = ReturnType<typeof administrationServices>;

export const administrationRoutes: FastifyPluginAsyncZod<AdministrationServices> = async (
  app,
  services,
) => {
  await app.register(membersRoutes, services);
  await app.register(listsRoutes, services);
};
