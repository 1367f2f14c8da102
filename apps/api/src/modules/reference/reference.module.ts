import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { referenceRepository } from './reference.repository.js';
import { referenceRoutes } from './reference.routes.js';
import { referenceService } from './reference.service.js';

export function referenceModule({ db }: Infra) {
  const reference = referenceService({ repo: referenceRepository(db) });
  const routes: ApiRoutes = (api) => api.register(referenceRoutes, { reference });
  return { reference, routes };
}
