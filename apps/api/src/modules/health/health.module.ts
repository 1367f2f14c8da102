import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { healthRepository } from './health.repository.js';
import { healthRoutes } from './health.routes.js';
import { healthService } from './health.service.js';

export function healthModule({ db }: Infra) {
  const health = healthService({ repo: healthRepository(db) });
  const routes: ApiRoutes = (api) => api.register(healthRoutes, { health });
  return { health, routes };
}
