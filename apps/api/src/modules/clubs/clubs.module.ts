import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { clubsRepository } from './clubs.repository.js';
import { clubsRoutes } from './clubs.routes.js';
import { clubsService } from './clubs.service.js';

export function clubsModule({ db, uploadsDir }: Infra) {
  const clubs = clubsService({ repo: clubsRepository(db), uploadsDir });
  const routes: ApiRoutes = (api) => api.register(clubsRoutes, { clubs });
  return { clubs, routes };
}
