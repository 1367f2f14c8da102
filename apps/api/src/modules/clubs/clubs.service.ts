import { MATCH_TEXTS, type AdminClubInput, type ClubDetail } from '@munegu/shared';
import { auditChanges, type Actor } from '../../db/audit.js';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, notFound } from '../../lib/errors.js';
import { reencodeImage } from '../../lib/images.js';
import type { ClubsRepository } from './clubs.repository.js';
import { clubFields, toClubDetail } from './clubs.mapper.js';

/** 'Olympique de Marseille' → 'olympique-de-marseille' (crest file names, unique). */
function slugify(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
  return base || 'club';
}

export interface ClubsDeps {
  repo: ClubsRepository;
  /** DATA_DIR/uploads: crests go to its clubs/ folder, served under /uploads/clubs/. */
  uploadsDir: string;
}

export function clubsService({ repo, uploadsDir }: ClubsDeps) {
  async function existing(id: number) {
    const club = await repo.byId(id);
    if (!club) throw notFound(MATCH_TEXTS.clubNotFound);
    return club;
  }
  async function assertNameFree(nom: string, exceptId?: number) {
    const other = await repo.byName(nom);
    if (other && other.id !== exceptId) throw new AppError('CONFLICT', MATCH_TEXTS.clubTaken);
  }

  return {
    async byId(id: number): Promise<ClubDetail> {
      return toClubDetail(await existing(id));
    },

    async list(): Promise<ClubDetail[]> {
      return (await repo.all()).map(toClubDetail);
    },

    async create(input: AdminClubInput, actor: Actor): Promise<ClubDetail> {
      await assertNameFree(input.nom);
      let slug = slugify(input.nom);
      if (await repo.slugTaken(slug)) slug = `${slug}-${randomBytes(3).toString('hex')}`;
      const club = await repo.create(
        { ...clubFields(input), slug, logo: '/clubs/default.svg' },
        {
          actorId: actor.id,
          ip: actor.ip,
          action: 'club.create',
          targetType: 'club',
          targetLabel: input.nom,
          data: input,
        },
      );
      return toClubDetail(club);
    },

    async update(id: number, input: AdminClubInput, actor: Actor): Promise<ClubDetail> {
      const before = await existing(id);
      await assertNameFree(input.nom, id);
      const club = await repo.update(id, clubFields(input), {
        actorId: actor.id,
        ip: actor.ip,
        action: 'club.update',
        targetType: 'club',
        targetLabel: before.name,
        data: auditChanges(
          {
            nom: before.name,
            nomStade: before.stadiumName,
            ville: before.city,
            departement: before.department,
          },
          { ...input },
        ),
      });
      return toClubDetail(club);
    },

    /**
     * Stores a crest re-encoded by sharp to WEBP (max 512 px): the bytes served are always
     * ours, never the uploaded file, so no script or polyglot survives.
     */
    async setLogo(id: number, file: Buffer, actor: Actor): Promise<ClubDetail> {
      const club = await existing(id);
      const webp = await reencodeImage(file, 'clubLogo');
      const dir = path.join(uploadsDir, 'clubs');
      await mkdir(dir, { recursive: true });
      const name = `${club.slug}-${randomBytes(4).toString('hex')}.webp`;
      await writeFile(path.join(dir, name), webp);
      const updated = await repo.update(
        id,
        { logo: `/uploads/clubs/${name}` },
        {
          actorId: actor.id,
          ip: actor.ip,
          action: 'club.logo',
          targetType: 'club',
          targetLabel: club.name,
        },
      );
      return toClubDetail(updated);
    },
  };
}

export type ClubsService = ReturnType<typeof clubsService>;
