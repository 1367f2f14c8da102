import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { hoursBefore, MONACO, NICE, random, RIVIERA, SUPPORTER, ULTRAS } from './helpers.js';

/**
 * The ~40 demo members and their creation. A member is keyed on the e-mail and written once:
 * on later runs the member owns the account (profile, antennas), so the seed leaves it be.
 */

/** Every demo member shares this password (local and preview databases only). */
export const DEMO_MEMBER_PASSWORD = 'Membre#Demo26';
export const DEMO_MEMBER_EMAIL_DOMAIN = 'demo.munegu.local';

interface MemberSeed {
  /** Pseudo without its 'demo_' prefix (at most 10 characters) and e-mail local part. */
  key: string;
  firstName: string;
  lastName: string;
  /** Home department code without 'FR-'. */
  dep: string;
  /** Prediction game activity: 3 every round, 2 most, 1 a few, 0 never. */
  activity: 0 | 1 | 2 | 3;
  antennas?: readonly string[];
  description?: string;
}

/** Mostly Alpes-Maritimes and Var, a few exiles; activity skewed towards a hard core. */
export const DEMO_MEMBERS: readonly MemberSeed[] = [
  {
    key: 'lucas98',
    firstName: 'Lucas',
    lastName: 'Giordano',
    dep: '06',
    activity: 3,
    antennas: [NICE],
    description: 'Abonné au Louis-II depuis 2010, toujours partant pour un covoit !',
  },
  { key: 'camille', firstName: 'Camille', lastName: 'Bonnet', dep: '06', activity: 2 },
  {
    key: 'theo_asm',
    firstName: 'Théo',
    lastName: 'Rinaldi',
    dep: '06',
    activity: 3,
    antennas: [ULTRAS],
    description: 'Tous les matchs, à domicile comme à l’extérieur. Dagghe Munegu !',
  },
  { key: 'manon', firstName: 'Manon', lastName: 'Fabre', dep: '06', activity: 2, antennas: [NICE] },
  {
    key: 'hugo06',
    firstName: 'Hugo',
    lastName: 'Baudin',
    dep: '06',
    activity: 1,
    antennas: [NICE],
  },
  { key: 'lea', firstName: 'Léa', lastName: 'Pastorelli', dep: 'MC', activity: 1 },
  { key: 'nathan', firstName: 'Nathan', lastName: 'Ferrero', dep: 'MC', activity: 3 },
  {
    key: 'chloe_rb',
    firstName: 'Chloé',
    lastName: 'Marchetti',
    dep: '06',
    activity: 2,
    antennas: [RIVIERA],
  },
  { key: 'enzo', firstName: 'Enzo', lastName: 'Castellan', dep: '06', activity: 2 },
  { key: 'ines', firstName: 'Inès', lastName: 'Benali', dep: '06', activity: 1 },
  {
    key: 'julien',
    firstName: 'Julien',
    lastName: 'Roux',
    dep: '06',
    activity: 3,
    antennas: [MONACO],
  },
  { key: 'sarah', firstName: 'Sarah', lastName: 'Cohen', dep: '06', activity: 1 },
  { key: 'maxime', firstName: 'Maxime', lastName: 'Laurent', dep: '06', activity: 2 },
  { key: 'laura', firstName: 'Laura', lastName: 'Gilli', dep: '06', activity: 0 },
  { key: 'romain', firstName: 'Romain', lastName: 'Blanchi', dep: '06', activity: 2 },
  { key: 'emma', firstName: 'Emma', lastName: 'Durand', dep: '06', activity: 1 },
  { key: 'kevin', firstName: 'Kévin', lastName: 'Martinez', dep: '06', activity: 1 },
  { key: 'pauline', firstName: 'Pauline', lastName: 'Viale', dep: '06', activity: 0 },
  { key: 'anthony', firstName: 'Anthony', lastName: 'Lorenzi', dep: 'MC', activity: 2 },
  {
    key: 'thomas83',
    firstName: 'Thomas',
    lastName: 'Girard',
    dep: '83',
    activity: 3,
    antennas: [RIVIERA],
    description: 'Toulon → Louis-II, des places dans la voiture les jours de match.',
  },
  { key: 'marion', firstName: 'Marion', lastName: 'Arnaud', dep: '83', activity: 2 },
  { key: 'antoine', firstName: 'Antoine', lastName: 'Michel', dep: '83', activity: 1 },
  { key: 'julie', firstName: 'Julie', lastName: 'Barbier', dep: '83', activity: 2 },
  { key: 'florian', firstName: 'Florian', lastName: 'Garcia', dep: '83', activity: 3 },
  { key: 'claire', firstName: 'Claire', lastName: 'Lemoine', dep: '83', activity: 1 },
  { key: 'mathieu', firstName: 'Mathieu', lastName: 'Roche', dep: '83', activity: 1 },
  { key: 'elodie', firstName: 'Élodie', lastName: 'Faure', dep: '83', activity: 2 },
  {
    key: 'nicolas',
    firstName: 'Nicolas',
    lastName: 'Santini',
    dep: '13',
    activity: 3,
    antennas: ['Club des Supporters - Marseille'],
  },
  { key: 'audrey', firstName: 'Audrey', lastName: 'Mercier', dep: '13', activity: 1 },
  { key: 'karim13', firstName: 'Karim', lastName: 'Haddad', dep: '13', activity: 2 },
  {
    key: 'alexandre',
    firstName: 'Alexandre',
    lastName: 'Dubois',
    dep: '75',
    activity: 3,
    antennas: ['Club des Supporters - Paris'],
    description: 'Exilé à Paris, le cœur en Principauté.',
  },
  {
    key: 'charlotte',
    firstName: 'Charlotte',
    lastName: 'Lefebvre',
    dep: '75',
    activity: 1,
    antennas: ['Club des Supporters - Paris'],
  },
  {
    key: 'quentin',
    firstName: 'Quentin',
    lastName: 'Perrin',
    dep: '69',
    activity: 2,
    antennas: ['Club des Supporters - Lyon'],
  },
  { key: 'lucie', firstName: 'Lucie', lastName: 'Morel', dep: '69', activity: 0 },
  { key: 'jbaptiste', firstName: 'Jean-Baptiste', lastName: 'Luciani', dep: '2A', activity: 1 },
  { key: 'remi', firstName: 'Rémi', lastName: 'Aubert', dep: '04', activity: 2 },
  { key: 'celine', firstName: 'Céline', lastName: 'Gauthier', dep: '04', activity: 0 },
  { key: 'sandrine', firstName: 'Sandrine', lastName: 'Roussel', dep: '84', activity: 1 },
  { key: 'guillaume', firstName: 'Guillaume', lastName: 'Fournier', dep: '31', activity: 0 },
  {
    key: 'sebastien',
    firstName: 'Sébastien',
    lastName: 'Lambert',
    dep: '33',
    activity: 3,
    description: 'Bordelais, monégasque de cœur depuis 2004.',
  },
];

export const demoMemberPseudo = (key: string) => `demo_${key}`;
export const demoMemberEmail = (key: string) => `${key}@${DEMO_MEMBER_EMAIL_DOMAIN}`;

/** Last activity, in hours before now, by prediction game activity: the hard core is online. */
const LAST_SEEN_HOURS = { 3: [1, 20], 2: [24, 96], 1: [120, 360], 0: [240, 960] } as const;

/**
 * Creates the missing members (the password is hashed once, only when one is missing) and
 * returns the ids of all of them and of supporter_demo (created by demo.ts, whatever its
 * pseudo and address have become since).
 */
export async function seedMembers(
  db: Db,
  now: Date,
  /** Antenna ids by name. */
  antennas: ReadonlyMap<string, number>,
  supporterId: number,
): Promise<Map<string, number>> {
  const emails = DEMO_MEMBERS.map((m) => demoMemberEmail(m.key));
  const existing = await db.user.findMany({
    where: { email: { in: emails } },
    select: { email: true },
  });
  const known = new Set(existing.map((u) => u.email));
  const missing = DEMO_MEMBERS.filter((m) => !known.has(demoMemberEmail(m.key)));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
    await db.user.createMany({
      data: missing.map((m) => {
        const rand = random(`member:${m.key}`);
        const [min, max] = LAST_SEEN_HOURS[m.activity];
        const pseudo = demoMemberPseudo(m.key);
        return {
          username: pseudo,
          usernameKey: pseudo.toLowerCase(),
          email: demoMemberEmail(m.key),
          passwordHash,
          firstName: m.firstName,
          lastName: m.lastName,
          birthDate: new Date(
            Date.UTC(
              1962 + Math.floor(rand() * 42),
              Math.floor(rand() * 12),
              1 + Math.floor(rand() * 28),
            ),
          ),
          department: `FR-${m.dep}`,
          role: 'UTILISATEUR' as const,
          status: 'ACTIVE' as const,
          description: m.description ?? null,
          appMailOptIn: rand() < 0.7,
          lastActivityAt: hoursBefore(now, min + rand() * (max - min)),
          createdAt: hoursBefore(now, (90 + rand() * 600) * 24),
        };
      }),
      skipDuplicates: true,
    });
  }
  const rows = await db.user.findMany({
    where: { email: { in: emails } },
    select: { id: true, email: true },
  });
  const ids = new Map<string, number>([[SUPPORTER, supporterId]]);
  for (const row of rows) ids.set(row.email.slice(0, row.email.indexOf('@')), row.id);
  // Antenna memberships of the members created now (later the members own them).
  const memberships = missing.flatMap((m) =>
    (m.antennas ?? []).flatMap((nom) => {
      const userId = ids.get(m.key);
      const antennaId = antennas.get(nom);
      return userId && antennaId ? [{ userId, antennaId }] : [];
    }),
  );
  if (memberships.length > 0)
    await db.userAntenna.createMany({ data: memberships, skipDuplicates: true });
  return ids;
}
