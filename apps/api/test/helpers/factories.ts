import type { Db } from '../../src/db/client.js';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A club with a unique name, so files sharing one database never collide. */
export function createClub(db: Db, overrides: Partial<{ name: string; city: string }> = {}) {
  const id = unique();
  return db.club.create({
    data: {
      name: overrides.name ?? `Club ${id}`,
      slug: `club-${id}`,
      stadiumName: `Stade ${id}`,
      city: overrides.city ?? 'Testville',
      department: '06',
      logo: `/clubs/club-${id}.svg`,
    },
  });
}

/** A season label unique to the caller (matches are unique per season and round). */
/** The spec's six transport modes (their libellés, in id order): seeded, and not editable. */
export const SPEC_TRANSPORTS = ['voiture', 'bus', 'train', 'avion', 'a pied', 'en recherche'];

export const uniqueSeason = () => `T${Math.random().toString(36).slice(2, 10)}`;

export async function createMatch(
  db: Db,
  data: {
    kickoffAt: Date;
    season: string;
    matchday: number;
    finishedAt?: Date | null;
    homeClubId?: number;
    awayClubId?: number;
  },
) {
  const home = data.homeClubId ?? (await createClub(db)).id;
  const away = data.awayClubId ?? (await createClub(db)).id;
  return db.match.create({
    data: {
      kickoffAt: data.kickoffAt,
      season: data.season,
      matchday: data.matchday,
      finishedAt: data.finishedAt ?? null,
      homeClubId: home,
      awayClubId: away,
      hashtag: '#TEST',
    },
  });
}

export const uniqueEmail = (prefix = 'user') => `${prefix}.${unique()}@example.com`.slice(0, 40);

export interface UserOverrides {
  username: string;
  email: string;
  role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN';
  status: 'PENDING' | 'ACTIVE' | 'SUSPENDED' | 'DELETED';
  passwordHash: string;
  department: string;
  birthDate: Date;
  appMailOptIn: boolean;
  promoMailOptIn: boolean;
}

/**
 * A member with a unique pseudo and email. The default password hash is a placeholder that
 * verifies nothing: tests that log in pass a real `hashPassword(...)` result.
 */
export function createUser(db: Db, overrides: Partial<UserOverrides> = {}) {
  const id = unique();
  const pseudo = overrides.username ?? `u_${id}`.slice(0, 15);
  return db.user.create({
    data: {
      username: pseudo,
      usernameKey: pseudo.toLowerCase(),
      firstName: 'Test',
      lastName: 'MEMBRE',
      email: (overrides.email ?? uniqueEmail()).toLowerCase(),
      passwordHash: overrides.passwordHash ?? '$argon2id$placeholder',
      birthDate: overrides.birthDate ?? new Date('1990-05-12T00:00:00Z'),
      department: overrides.department ?? 'FR-06',
      role: overrides.role ?? 'UTILISATEUR',
      status: overrides.status ?? 'ACTIVE',
      appMailOptIn: overrides.appMailOptIn ?? true,
      promoMailOptIn: overrides.promoMailOptIn ?? false,
    },
  });
}

/** A season label in the operators' format 'YYYY-YYYY', unique enough per test file. */
export function uniqueRealSeason(): { season: string; year: number } {
  const year = 3000 + Math.floor(Math.random() * 5000);
  return { season: `${year}-${year + 1}`, year };
}

/**
 * A real-looking season no match of the database has yet: the embedded run shares one database
 * between every file, where a random year among 5 000 is already taken now and then.
 */
export async function unusedRealSeason(db: Db): Promise<{ season: string; year: number }> {
  for (;;) {
    const s = uniqueRealSeason();
    if ((await db.match.count({ where: { season: s.season } })) === 0) return s;
  }
}

/** A prediction as stored (points stay null until the match is scored). */
export function createPrediction(
  db: Db,
  data: { userId: number; matchId: number; homeScore: number; awayScore: number },
) {
  return db.prediction.create({ data });
}
