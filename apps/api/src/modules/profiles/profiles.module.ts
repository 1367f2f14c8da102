import path from 'node:path';
import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { avatarStorage } from './avatar.storage.js';
import { profilesRepository } from './profiles.repository.js';
import { profilesRoutes } from './profiles.routes.js';
import { profilesService, type UsersServiceDeps as ProfilesDeps } from './profiles.service.js';

/** Profiles; the own profile names the antennas the member organises (from trips). */
export function profilesModule(
  { db, uploadsDir, clock }: Infra,
  needs: Pick<ProfilesDeps, 'organizedAntennas'>,
) {
  const profiles = profilesService({
    repo: profilesRepository(db),
    clock,
    organizedAntennas: needs.organizedAntennas,
    avatars: avatarStorage(path.join(uploadsDir, 'avatar')),
  });
  const routes: ApiRoutes = (api) => api.register(profilesRoutes, { profiles });
  return { profiles, routes };
}
