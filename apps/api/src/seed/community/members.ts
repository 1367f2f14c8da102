import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import {
  hoursBefore,
  MONACO,
  NICE,
  random,
  RIVIERA,
  SUPPORTER,
  SUPPORTER_PSEUDO,
  ULTRAS,
} from './helpers.js';

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
  prenom: string;
  nom: string;
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
    prenom: 'Lucas',
    nom: 'Giordano',
    dep: '06',
    activity: 3,
    antennas: [NICE],
    description: 'Abonné au Louis-II depuis 2010, toujours partant pour un covoit !',
  },
  { key: 'camille', prenom: 'Camille', nom: 'Bonnet', dep: '06', activity: 2 },
  {
    key: 'theo_asm',
    prenom: 'Théo',
    nom: 'Rinaldi',
    dep: '06',
    activity: 3,
    antennas: [ULTRAS],
    description: 'Tous les matchs, à domicile comme à l’extérieur. Dagghe Munegu !',
  },
  { key: 'manon', prenom: 'Manon', nom: 'Fabre', dep: '06', activity: 2, antennas: [NICE] },
  { key: 'hugo06', prenom: 'Hugo', nom: 'Baudin', dep: '06', activity: 1, antennas: [NICE] },
  { key: 'lea', prenom: 'Léa', nom: 'Pastorelli', dep: 'MC', activity: 1 },
  { key: 'nathan', prenom: 'Nathan', nom: 'Ferrero', dep: 'MC', activity: 3 },
  {
    key: 'chloe_rb',
    prenom: 'Chloé',
    nom: 'Marchetti',
    dep: '06',
    activity: 2,
    antennas: [RIVIERA],
  },
  { key: 'enzo', prenom: 'Enzo', nom: 'Castellan', dep: '06', activity: 2 },
  { key: 'ines', prenom: 'Inès', nom: 'Benali', dep: '06', activity: 1 },
  { key: 'julien', prenom: 'Julien', nom: 'Roux', dep: '06', activity: 3, antennas: [MONACO] },
  { key: 'sarah', prenom: 'Sarah', nom: 'Cohen', dep: '06', activity: 1 },
  { key: 'maxime', prenom: 'Maxime', nom: 'Laurent', dep: '06', activity: 2 },
  { key: 'laura', prenom: 'Laura', nom: 'Gilli', dep: '06', activity: 0 },
  { key: 'romain', prenom: 'Romain', nom: 'Blanchi', dep: '06', activity: 2 },
  { key: 'emma', prenom: 'Emma', nom: 'Durand', dep: '06', activity: 1 },
  { key: 'kevin', prenom: 'Kévin', nom: 'Martinez', dep: '06', activity: 1 },
  { key: 'pauline', prenom: 'Pauline', nom: 'Viale', dep: '06', activity: 0 },
  { key: 'anthony', prenom: 'Anthony', nom: 'Lorenzi', dep: 'MC', activity: 2 },
  {
    key: 'thomas83',
    prenom: 'Thomas',
    nom: 'Girard',
    dep: '83',
    activity: 3,
    antennas: [RIVIERA],
    description: 'Toulon → Louis-II, des places dans la voiture les jours de match.',
  },
  { key: 'marion', prenom: 'Marion', nom: 'Arnaud', dep: '83', activity: 2 },
  { key: 'antoine', prenom: 'Antoine', nom: 'Michel', dep: '83', activity: 1 },
  { key: 'julie', prenom: 'Julie', nom: 'Barbier', dep: '83', activity: 2 },
  { key: 'florian', prenom: 'Florian', nom: 'Garcia', dep: '83', activity: 3 },
  { key: 'claire', prenom: 'Claire', nom: 'Lemoine', dep: '83', activity: 1 },
  { key: 'mathieu', prenom: 'Mathieu', nom: 'Roche', dep: '83', activity: 1 },
  { key: 'elodie', prenom: 'Élodie', nom: 'Faure', dep: '83', activity: 2 },
  {
    key: 'nicolas',
    prenom: 'Nicolas',
    nom: 'Santini',
    dep: '13',
    activity: 3,
    antennas: ['Club des Supporters - Marseille'],
  },
  { key: 'audrey', prenom: 'Audrey', nom: 'Mercier', dep: '13', activity: 1 },
  { key: 'karim13', prenom: 'Karim', nom: 'Haddad', dep: '13', activity: 2 },
  {
    key: 'alexandre',
    prenom: 'Alexandre',
    nom: 'Dubois',
    dep: '75',
    activity: 3,
    antennas: ['Club des Supporters - Paris'],
    description: 'Exilé à Paris, le cœur en Principauté.',
  },
  {
    key: 'charlotte',
    prenom: 'Charlotte',
    nom: 'Lefebvre',
    dep: '75',
    activity: 1,
    antennas: ['Club des Supporters - Paris'],
  },
  {
    key: 'quentin',
    prenom: 'Quentin',
    nom: 'Perrin',
    dep: '69',
    activity: 2,
    antennas: ['Club des Supporters - Lyon'],
  },
  { key: 'lucie', prenom: 'Lucie', nom: 'Morel', dep: '69', activity: 0 },
  { key: 'jbaptiste', prenom: 'Jean-Baptiste', nom: 'Luciani', dep: '2A', activity: 1 },
  { key: 'remi', prenom: 'Rémi', nom: 'Aubert', dep: '04', activity: 2 },
  { key: 'celine', prenom: 'Céline', nom: 'Gauthier', dep: '04', activity: 0 },
  { key: 'sandrine', prenom: 'Sandrine', nom: 'Roussel', dep: '84', activity: 1 },
  { key: 'guillaume', prenom: 'Guillaume', nom: 'Fournier', dep: '31', activity: 0 },
  {
    key: 'sebastien',
    prenom: 'Sébastien',
    nom: 'Lambert',
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
 * returns the ids of all of them and of supporter_demo, which demo.ts must have created.
 */
export async function seedMembers(
  db: Db,
  now: Date,
  /** Antenna ids by name. */
  antennas: ReadonlyMap<string, number>,
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
          pseudo,
          pseudoKey: pseudo.toLowerCase(),
          email: demoMemberEmail(m.key),
          passwordHash,
          prenom: m.prenom,
          nom: m.nom,
          birthDate: new Date(
            Date.UTC(
              1962 + Math.floor(rand() * 42),
              Math.floor(rand() * 12),
              1 + Math.floor(rand() * 28),
            ),
          ),
          departement: `FR-${m.dep}`,
          role: 'UTILISATEUR' as const,
          status: 'ACTIVE' as const,
          description: m.description ?? null,
          notifMailAppli: rand() < 0.7,
          lastActivityAt: hoursBefore(now, min + rand() * (max - min)),
          createdAt: hoursBefore(now, (90 + rand() * 600) * 24),
        };
      }),
      skipDuplicates: true,
    });
  }
  const rows = await db.user.findMany({
    where: { OR: [{ email: { in: emails } }, { pseudoKey: SUPPORTER_PSEUDO }] },
    select: { id: true, email: true, pseudoKey: true },
  });
  const ids = new Map<string, number>();
  for (const row of rows) {
    if (row.pseudoKey === SUPPORTER_PSEUDO) ids.set(SUPPORTER, row.id);
    else ids.set(row.email.slice(0, row.email.indexOf('@')), row.id);
  }
  if (!ids.has(SUPPORTER)) throw new Error(`Compte de démonstration ${SUPPORTER_PSEUDO} absent`);
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
