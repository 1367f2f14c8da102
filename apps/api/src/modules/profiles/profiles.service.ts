import { randomBytes } from 'node:crypto';
import {
  AVATAR_FILE,
  hasRole,
  isDeletedPseudo,
  type Role,
  USER_TEXTS,
  type OwnProfile,
  type PersonalData,
  type UpdateProfileInput,
  type UserProfile,
  type UserSearchResult,
} from '@munegu/shared';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { toAvatarWebp } from '../../lib/images.js';
import type { AvatarStorage } from './avatar.storage.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import {
  toOwnProfile,
  toPersonalData,
  toProfile,
  toSearchResult,
  withoutPrefix,
} from './profiles.mapper.js';
import type { ProfileChanges, ProfileRow, ProfilesRepository } from './profiles.repository.js';

export interface UsersServiceDeps {
  repo: ProfilesRepository;
  avatars: AvatarStorage;
  clock: Clock;
  /** The antennas whose coach trips the member organises (the trips module's read). */
  organizedAntennas: (userId: number) => Promise<{ id: number; name: string }[]>;
}

const SEARCH_LIMIT = 10;

const notFound = () => new AppError('NOT_FOUND', USER_TEXTS.notFound);

/** Anonymised, never confirmed, suspended and banned accounts have no public profile. */
function isHidden(row: { status: string; username: string }): boolean {
  return row.status !== 'ACTIVE' || isDeletedPseudo(row.username);
}

/** '' and null both clear an optional text; undefined leaves it unchanged. */
const cleared = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

export function profilesService({ repo, avatars, clock, organizedAntennas }: UsersServiceDeps) {
  async function ownRow(userId: number): Promise<ProfileRow> {
    const row = await repo.findProfileById(userId);
    // The auth plugin only lets ACTIVE accounts through, so this is a race with a deletion.
    if (!row) throw notFound();
    return row;
  }

  async function ownProfile(userId: number): Promise<OwnProfile> {
    const [row, total, organized] = await Promise.all([
      ownRow(userId),
      repo.countRanked(),
      organizedAntennas(userId),
    ]);
    return toOwnProfile(row, total, organized, clock.now());
  }

  return {
    ownProfile,

    /** Personal data exists only for the caller: the id comes from the token, never the request. */
    async personalData(userId: number): Promise<PersonalData> {
      const row = await repo.findPersonal(userId);
      if (!row) throw notFound();
      return toPersonalData(row, await repo.departmentName(withoutPrefix(row.department)));
    },

    /**
     * Anyone's view of a member; a moderator or an administrator (`viewer`) also learns of a
     * silence in force, which no one else sees.
     */
    async publicProfile(username: string, viewer: Role | null = null): Promise<UserProfile> {
      const row = await repo.findProfileByUsernameKey(username.trim().toLowerCase());
      if (!row || isHidden(row)) throw notFound();
      const profile = toProfile(row, await repo.countRanked());
      const silenced = row.silencedUntil !== null && row.silencedUntil > clock.now();
      if (silenced && viewer && hasRole(viewer, 'MODERATEUR'))
        profile.silencedUntil = row.silencedUntil!.toISOString();
      return profile;
    },

    async departement(userId: number): Promise<{ departement: string }> {
      const row = await repo.findDepartement(userId);
      if (!row) throw notFound();
      return { departement: withoutPrefix(row.department) };
    },

    /** PATCH /users/me (the shared schema has already checked formats and the 2-antenna cap). */
    async updateProfile(userId: number, input: UpdateProfileInput): Promise<OwnProfile> {
      const changes: ProfileChanges = {
        description: cleared(input.description),
        xUsername: cleared(input.x_username),
        instaUsername: cleared(input.insta_username),
      };
      let antennaIds: number[] | undefined;
      if (input.antennes) {
        antennaIds = [...new Set(input.antennes)];
        if ((await repo.countAntennas(antennaIds)) !== antennaIds.length)
          throw new AppError('VALIDATION', USER_TEXTS.unknownAntenna);
      }
      await repo.updateProfile(userId, changes, antennaIds);
      return ownProfile(userId);
    },

    async search(callerId: number, text: string): Promise<UserSearchResult[]> {
      const rows = await repo.search(text, callerId, SEARCH_LIMIT);
      return rows.map(toSearchResult);
    },

    /**
     * Converts, stores under a new random name, points the account at it, then removes the file
     * it replaces. The new name (not just ?v=) means a cached old image is never served as new.
     */
    async uploadAvatar(userId: number, bytes: Buffer): Promise<{ profile_picture: string }> {
      const webp = await toAvatarWebp(bytes);
      const file = `${userId}-${randomBytes(12).toString('base64url')}.webp`;
      await avatars.write(file, webp);
      let replaced: Awaited<ReturnType<ProfilesRepository['replaceAvatar']>>;
      try {
        replaced = await repo.replaceAvatar(userId, file);
      } catch (error) {
        await avatars.remove(file);
        throw error;
      }
      if (!replaced) {
        await avatars.remove(file);
        throw notFound();
      }
      if (replaced.previous) await avatars.remove(replaced.previous);
      return { profile_picture: avatarUrl(file, replaced.version)! };
    },

    /** Back to the default avatar; succeeds when there was none (nothing to do). */
    async deleteAvatar(userId: number): Promise<void> {
      const replaced = await repo.replaceAvatar(userId, null);
      if (!replaced) throw notFound();
      if (replaced.previous) await avatars.remove(replaced.previous);
    },

    /** GET /users/avatar/{file}: only files that are some member's current avatar. */
    async avatarData(file: string): Promise<{ mime: 'image/webp'; data: string }> {
      const missing = new AppError('NOT_FOUND', 'Ressource introuvable.');
      if (!AVATAR_FILE.test(file) || !(await repo.avatarInUse(file))) throw missing;
      const bytes = await avatars.read(file);
      if (!bytes) throw missing;
      return { mime: 'image/webp', data: bytes.toString('base64') };
    },
  };
}

export type ProfilesService = ReturnType<typeof profilesService>;
