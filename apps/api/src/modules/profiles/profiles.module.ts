import path from 'node:path';
import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { avatarStorage } from './avatar.storage.js';
import { profilesRepository } from './profiles.repository.js';
import { profilesRoutes } from './profiles.routes.js';
import { profilesService } from './profiles.service.js';

export function profilesModule({ db, uploadsDir, clock }: Infra) {
  const profiles = profilesService({
    repo: profilesRepository(db),
    clock,
    avatars: avatarStorage(path.join(uploadsDir, 'avatar')),
  });
  const routes: ApiRoutes = (api) => api.register(profilesRoutes, { profiles });
  return { profiles, routes };
}
