import { MONACO_CLUB_ID } from '@munegu/shared';
import type { Db } from '../db/client.js';
import type { Tx } from '../db/tx.js';
import type { Match } from '../generated/prisma/client.js';
import { hashPassword } from '../lib/passwords.js';
import { matchesRepository } from '../modules/matches/matches.repository.js';
import { rankingRepository } from '../modules/predictions/ranking.repository.js';
import { scorePrediction, type Score } from '../modules/predictions/scoring.js';
import { scoringService } from '../modules/predictions/scoring.service.js';

/**
 * The demo community (embedded mode): ~40 members who play the prediction game, go to the
 * matches and share cars, so the leaderboard, the MuneguMap, the bell and the messages of
 * `supporter_demo` are alive on first start.
 *
 * Idempotent without deleting anything: members are created once (keyed on their e-mail),
 * predictions, presences and searches only where the member has none for the match, a
 * relation (with its history, notifications, ratings and the seats it takes) only where the
 * pair has none for the match, a conversation only where the pair has none. A second run
 * therefore writes nothing, and what the demo user changed in the app is kept.
 */

/** Every demo member shares this password (local and preview databases only). */
export const DEMO_MEMBER_PASSWORD = 'Membre#Demo26';
export const DEMO_MEMBER_EMAIL_DOMAIN = 'demo.munegu.local';
/** The UTILISATEUR demo account of demo.ts, the one the demo is shown with. */
const SUPPORTER_PSEUDO = 'supporter_demo';
/** Plans name the demo account with this key; members by their pseudo without 'demo_'. */
const SUPPORTER = 'supporter';

const HOUR_MS = 3_600_000;

// ───────────────────────────── Members ─────────────────────────────

const NICE = 'Club des Supporters - Nice';
const MONACO = 'Club des Supporters - Monaco';
const ULTRAS = 'Ultras Monaco 1994';
const RIVIERA = 'Rouge et Blanc Riviera';

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
  { key: 'lea', prenom: 'Léa', nom: 'Pastorelli', dep: '06', activity: 1 },
  { key: 'nathan', prenom: 'Nathan', nom: 'Ferrero', dep: '06', activity: 3 },
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
  { key: 'anthony', prenom: 'Anthony', nom: 'Lorenzi', dep: '06', activity: 2 },
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

// ───────────────────────────── Going to the matches ─────────────────────────────

const TRANSPORT = { voiture: 1, bus: 2, train: 3, avion: 4, pied: 5 } as const;

interface PresencePlan {
  who: string;
  dep: string;
  transport: (typeof TRANSPORT)[keyof typeof TRANSPORT];
  /** Seats offered by a car driver who carpools (0 = no carpooling). */
  seats: number;
  antenna: string | null;
}
interface SearchPlan {
  who: string;
  dep: string;
  nbPers: number;
}

const car = (who: string, dep: string, seats = 0): PresencePlan => ({
  who,
  dep,
  transport: TRANSPORT.voiture,
  seats,
  antenna: null,
});
/** A bus: the antenna's own bus, or the public bus without one. */
const bus = (who: string, dep: string, antenna: string | null = null): PresencePlan => ({
  who,
  dep,
  transport: TRANSPORT.bus,
  seats: 0,
  antenna,
});
const other =
  (transport: PresencePlan['transport']) =>
  (who: string, dep: string): PresencePlan => ({ who, dep, transport, seats: 0, antenna: null });
const train = other(TRANSPORT.train);
const avion = other(TRANSPORT.avion);
const pied = other(TRANSPORT.pied);
const search = (who: string, dep: string, nbPers = 1): SearchPlan => ({ who, dep, nbPers });

/** Relation statuses (reference data): 1 proposed, 2 requested, 3 confirmed, 4 refused, 5 cancelled, 6 excluded. */
const PROPOSE = 1;
const DEMANDE = 2;
const CONFIRME = 3;
const REFUSE = 4;
const ANNULE = 5;
const EXCLU = 6;

interface RelationPlan {
  driver: string;
  passenger: string;
  /** PROPOSE: the driver offered a seat (driver = user1); DEMANDE: the passenger asked. */
  opened: typeof PROPOSE | typeof DEMANDE;
  /**
   * What followed: CONFIRME or REFUSE by the addressee, ANNULE by the passenger, EXCLU by the
   * driver, the last one being the relation's status.
   */
  then?: ReadonlyArray<typeof CONFIRME | typeof REFUSE | typeof ANNULE | typeof EXCLU>;
  /** Label of the ANNULATION or EXCLUSION reason (reference data) of ANNULE or EXCLU. */
  reason?: string;
  /** Hours before the reference instant (now, or the kickoff of a played match). */
  hoursAgo: number;
  description?: string;
  /** Notes once the match is over: by the driver for the passenger, and the other way. */
  notes?: { driver?: number; passenger?: number };
}

interface MatchPlan {
  presences: readonly PresencePlan[];
  searches: readonly SearchPlan[];
  relations?: readonly RelationPlan[];
}

/**
 * The next match: the whole range of transports over nine departments, and supporter_demo
 * driving from the 06 with 4 seats: Chloé's group of 2 and Enzo confirmed (1 seat left),
 * Sarah's request waiting for an answer.
 */
const NEXT_MATCH: MatchPlan = {
  presences: [
    car(SUPPORTER, '06', 4),
    car('lucas98', '06', 3),
    car('camille', '06'),
    bus('theo_asm', '06', ULTRAS),
    bus('manon', '06', NICE),
    bus('hugo06', '06', NICE),
    pied('nathan', '06'),
    pied('lea', '06'),
    train('julien', '06'),
    bus('maxime', '06'),
    car('romain', '06', 2),
    pied('anthony', '06'),
    car('thomas83', '83', 4),
    car('marion', '83'),
    train('antoine', '83'),
    car('claire', '83', 2),
    bus('elodie', '83'),
    car('nicolas', '13', 3),
    train('audrey', '13'),
    avion('alexandre', '75'),
    train('charlotte', '75'),
    train('quentin', '69'),
    car('remi', '04', 3),
    car('sandrine', '84'),
    avion('jbaptiste', '2A'),
    avion('sebastien', '33'),
  ],
  searches: [
    search('chloe_rb', '06', 2),
    search('enzo', '06'),
    search('sarah', '06'),
    search('ines', '06'),
    search('emma', '06'),
    search('julie', '83'),
    search('florian', '83', 2),
    search('mathieu', '83'),
    search('karim13', '13', 3),
  ],
  relations: [
    {
      driver: SUPPORTER,
      passenger: 'chloe_rb',
      opened: PROPOSE,
      then: [CONFIRME],
      hoursAgo: 52,
      description: 'Je pars de Nice Est deux heures avant le match, je peux vous prendre.',
    },
    { driver: SUPPORTER, passenger: 'enzo', opened: DEMANDE, then: [CONFIRME], hoursAgo: 30 },
    {
      driver: SUPPORTER,
      passenger: 'sarah',
      opened: DEMANDE,
      hoursAgo: 5,
      description: 'Salut ! Il te reste une place ? Je peux te rejoindre à Nice Nord.',
    },
    { driver: 'lucas98', passenger: 'ines', opened: PROPOSE, then: [CONFIRME], hoursAgo: 70 },
    { driver: 'romain', passenger: 'emma', opened: DEMANDE, then: [REFUSE], hoursAgo: 40 },
    { driver: 'lucas98', passenger: 'emma', opened: DEMANDE, hoursAgo: 8 },
    { driver: 'thomas83', passenger: 'florian', opened: DEMANDE, then: [CONFIRME], hoursAgo: 60 },
    { driver: 'thomas83', passenger: 'julie', opened: PROPOSE, hoursAgo: 14 },
    {
      driver: 'claire',
      passenger: 'mathieu',
      opened: DEMANDE,
      then: [CONFIRME, ANNULE],
      reason: 'Horaires incompatibles',
      hoursAgo: 80,
    },
    {
      driver: 'nicolas',
      passenger: 'karim13',
      opened: DEMANDE,
      hoursAgo: 20,
      description: 'On est trois depuis Marseille, on partage l’essence bien sûr !',
    },
  ],
};

/** The match after: a few early answers. */
const MATCH_AFTER_NEXT: MatchPlan = {
  presences: [
    car('thomas83', '83', 4),
    car('lucas98', '06', 3),
    bus('theo_asm', '06', ULTRAS),
    train('alexandre', '75'),
  ],
  searches: [search('julie', '83')],
};

/**
 * Played matches, latest first. The latest: supporter_demo rode with Lucas and has not rated
 * him yet (the demo shows 'NOTE TON COVOITURAGE'); the others rated each other.
 */
const PLAYED_MATCHES: readonly MatchPlan[] = [
  {
    presences: [
      car('lucas98', '06', 4),
      bus('theo_asm', '06', ULTRAS),
      bus('manon', '06', NICE),
      avion('camille', '06'),
      car('thomas83', '83', 3),
      train('alexandre', '75'),
      car('quentin', '69'),
      train('sebastien', '33'),
    ],
    searches: [
      search(SUPPORTER, '06'),
      search('nathan', '06'),
      search('kevin', '06'),
      search('julie', '83'),
      search('florian', '83', 2),
    ],
    relations: [
      {
        driver: 'lucas98',
        passenger: SUPPORTER,
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 96,
        notes: { driver: 5 },
      },
      {
        driver: 'lucas98',
        passenger: 'nathan',
        opened: DEMANDE,
        then: [CONFIRME],
        hoursAgo: 120,
        notes: { driver: 4.5, passenger: 4.5 },
      },
      {
        driver: 'thomas83',
        passenger: 'julie',
        opened: DEMANDE,
        then: [CONFIRME],
        hoursAgo: 100,
        notes: { driver: 4.5, passenger: 5 },
      },
      {
        driver: 'thomas83',
        passenger: 'florian',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 110,
        notes: { driver: 5, passenger: 4 },
      },
    ],
  },
  {
    presences: [
      car(SUPPORTER, '06', 3),
      car('lucas98', '06', 3),
      pied('nathan', '06'),
      pied('lea', '06'),
      train('julien', '06'),
      bus('theo_asm', '06', ULTRAS),
      bus('manon', '06', NICE),
      car('marion', '83'),
      train('antoine', '83'),
      car('nicolas', '13', 2),
    ],
    searches: [
      search('emma', '06'),
      search('ines', '06'),
      search('kevin', '06'),
      search('audrey', '13'),
    ],
    relations: [
      {
        driver: SUPPORTER,
        passenger: 'emma',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 72,
        notes: { driver: 5, passenger: 4.5 },
      },
      {
        driver: 'lucas98',
        passenger: 'ines',
        opened: DEMANDE,
        then: [CONFIRME],
        hoursAgo: 90,
        notes: { driver: 5, passenger: 4 },
      },
      {
        driver: 'lucas98',
        passenger: 'kevin',
        opened: DEMANDE,
        then: [CONFIRME, EXCLU],
        reason: 'Passager injoignable',
        hoursAgo: 110,
      },
      {
        driver: 'nicolas',
        passenger: 'audrey',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 60,
        notes: { driver: 4, passenger: 3.5 },
      },
    ],
  },
  {
    presences: [
      bus(SUPPORTER, '06', NICE),
      bus('theo_asm', '06', ULTRAS),
      bus('manon', '06', NICE),
      bus('hugo06', '06', NICE),
      car('thomas83', '83', 4),
      train('alexandre', '75'),
      train('charlotte', '75'),
    ],
    searches: [search('elodie', '83')],
    relations: [
      {
        driver: 'thomas83',
        passenger: 'elodie',
        opened: PROPOSE,
        then: [CONFIRME],
        hoursAgo: 80,
        notes: { driver: 4.5, passenger: 5 },
      },
    ],
  },
  {
    presences: [
      train(SUPPORTER, '06'),
      car('lucas98', '06', 3),
      pied('nathan', '06'),
      train('julien', '06'),
      bus('theo_asm', '06', ULTRAS),
      car('camille', '06'),
      car('thomas83', '83', 4),
      car('remi', '04', 2),
    ],
    searches: [],
  },
];

// ───────────────────────────── Messages ─────────────────────────────

interface ConversationPlan {
  /** user1: the member who wrote first. */
  from: string;
  to: string;
  accepted: boolean;
  /** Oldest first; `unread`: the receiver has not opened it yet. */
  messages: ReadonlyArray<{ by: string; hoursAgo: number; text: string; unread?: boolean }>;
}

/**
 * The latest played match ends at least 31 hours before now (demo.ts dates it on the last
 * weekend over), so the thanks for that ride are written less than 30 hours ago.
 */
const CONVERSATIONS: readonly ConversationPlan[] = [
  {
    from: 'chloe_rb',
    to: SUPPORTER,
    accepted: true,
    messages: [
      {
        by: 'chloe_rb',
        hoursAgo: 47,
        text: 'Salut ! Merci pour la proposition, on sera deux avec mon frère. Tu passes par où ?',
      },
      {
        by: SUPPORTER,
        hoursAgo: 46,
        text: 'Avec plaisir ! Je passe place Garibaldi, départ deux heures avant le coup d’envoi.',
      },
      { by: 'chloe_rb', hoursAgo: 45, text: 'Parfait pour nous 👍' },
      { by: SUPPORTER, hoursAgo: 20, text: 'Voiture grise, je vous écris en arrivant.' },
      {
        by: 'chloe_rb',
        hoursAgo: 2,
        text: 'Super, à tout à l’heure alors ! Dagghe Munegu 🔴⚪',
        unread: true,
      },
    ],
  },
  {
    from: SUPPORTER,
    to: 'lucas98',
    accepted: true,
    messages: [
      {
        by: SUPPORTER,
        hoursAgo: 29,
        text: 'Merci encore pour le trajet, super ambiance dans la voiture !',
      },
      {
        by: 'lucas98',
        hoursAgo: 27,
        text: 'Avec plaisir ! Si tu as de la place au prochain match, pense à moi pour le retour 😉',
      },
      { by: SUPPORTER, hoursAgo: 26, text: 'Ça marche, je te tiens au courant.' },
    ],
  },
  {
    from: 'karim13',
    to: SUPPORTER,
    accepted: false,
    messages: [
      {
        by: 'karim13',
        hoursAgo: 24,
        text: 'Salut, on monte de Marseille pour le prochain match. Un bon plan pour se garer près du Louis-II ?',
      },
    ],
  },
];

// ───────────────────────────── Helpers ─────────────────────────────

/** A deterministic generator per key (FNV-1a then mulberry32): same data on every run. */
function random(key: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An index drawn with the given weights. */
function weighted(rand: () => number, weights: readonly number[]): number {
  let r = rand() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

const hoursBefore = (t: Date, hours: number) => new Date(t.getTime() - hours * HOUR_MS);
const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

type Ids = ReadonlyMap<string, number>;

// ───────────────────────────── Members ─────────────────────────────

/** Creates the missing members (the password is hashed once, only when one is missing). */
async function seedMembers(db: Db, now: Date): Promise<Map<string, number>> {
  const emails = DEMO_MEMBERS.map((m) => demoMemberEmail(m.key));
  const existing = await db.user.findMany({
    where: { email: { in: emails } },
    select: { email: true },
  });
  const known = new Set(existing.map((u) => u.email));
  const missing = DEMO_MEMBERS.filter((m) => !known.has(demoMemberEmail(m.key)));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
    const lastSeenHours = { 3: [1, 20], 2: [24, 96], 1: [120, 360], 0: [240, 960] } as const;
    await db.user.createMany({
      data: missing.map((m) => {
        const rand = random(`member:${m.key}`);
        const [min, max] = lastSeenHours[m.activity];
        return {
          pseudo: demoMemberPseudo(m.key),
          pseudoKey: demoMemberPseudo(m.key).toLowerCase(),
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
  const antennas = new Map(
    (await db.antenna.findMany({ select: { id: true, nom: true } })).map((a) => [a.nom, a.id]),
  );
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

// ───────────────────────────── Predictions ─────────────────────────────

/** How often each activity level predicts a round. */
const PREDICTION_RATE = { 3: 1, 2: 0.75, 1: 0.3, 0: 0 } as const;
/** Supporters' goal counts: optimistic for Monaco. */
const MONACO_GOALS = [12, 30, 33, 18, 7];
const OPPONENT_GOALS = [32, 42, 20, 6];

function guess(rand: () => number, monacoHome: boolean): Score {
  const monaco = weighted(rand, MONACO_GOALS);
  const opponent = weighted(rand, OPPONENT_GOALS);
  return monacoHome ? { dom: monaco, ext: opponent } : { dom: opponent, ext: monaco };
}

const realScore = (m: Match): Score => ({ dom: m.homeGoals ?? 0, ext: m.awayGoals ?? 0 });

/** A prediction worth exactly `points` against `real`, or null (a draw cannot be worth 1). */
function predictionWorth(real: Score, points: number): Score | null {
  const sign = Math.sign(real.dom - real.ext);
  if (points === 5) return real;
  if (points === 3) return { dom: real.dom + 1, ext: real.ext + 1 };
  if (points === 1) {
    if (sign === 0) return null;
    return sign > 0 ? { dom: real.dom + 1, ext: real.ext } : { dom: real.dom, ext: real.ext + 1 };
  }
  return sign === 0 ? { dom: real.dom + 1, ext: real.ext } : { dom: 1, ext: 1 };
}

interface PredictionRow {
  userId: number;
  matchId: number;
  scoreDom: number;
  scoreExt: number;
  createdAt: Date;
}

/**
 * Predictions of the members for the played rounds and the next match, and supporter_demo's
 * for the played rounds, chosen so that their total is the members' median (mid-table).
 * Points, statistics, round snapshots, totals and ranks then come from the game's own
 * scoring service, as when an operator enters a score.
 */
async function seedPredictions(
  db: Db,
  now: Date,
  ids: Ids,
  played: readonly Match[],
  next: Match | null,
): Promise<void> {
  const rows: PredictionRow[] = [];
  const totals: number[] = [];
  for (const member of DEMO_MEMBERS) {
    const userId = ids.get(member.key);
    if (!userId || member.activity === 0) continue;
    const rand = random(`prono:${member.key}`);
    const skill = 0.08 + rand() * 0.25;
    let total = 0;
    let count = 0;
    for (const [i, match] of played.entries()) {
      const plays = rand() < PREDICTION_RATE[member.activity];
      const exact = rand() < skill;
      const score = exact ? realScore(match) : guess(rand, match.homeClubId === MONACO_CLUB_ID);
      const hours = 2 + rand() * 90;
      // Occasional players still played at least the latest round.
      if (!plays && !(count === 0 && i === played.length - 1)) continue;
      count++;
      total += scorePrediction(score, realScore(match));
      rows.push({
        userId,
        matchId: match.id,
        scoreDom: score.dom,
        scoreExt: score.ext,
        createdAt: hoursBefore(match.kickoffAt, hours),
      });
    }
    totals.push(total);
    if (next && member.activity >= 2 && rand() < 0.8) {
      const score = guess(rand, next.homeClubId === MONACO_CLUB_ID);
      rows.push({
        userId,
        matchId: next.id,
        scoreDom: score.dom,
        scoreExt: score.ext,
        createdAt: hoursBefore(now, 1 + rand() * 100),
      });
    }
  }
  // supporter_demo: spread the median total over the rounds.
  totals.sort((a, b) => a - b);
  let remaining = totals[Math.floor(totals.length / 2)] ?? 0;
  const supporterId = ids.get(SUPPORTER)!;
  for (const [i, match] of played.entries()) {
    const wanted = remaining / (played.length - i);
    const real = realScore(match);
    const [points, score] = [5, 3, 1, 0]
      .filter((p) => p <= remaining)
      .map((p) => [p, predictionWorth(real, p)] as const)
      .filter((option): option is readonly [number, Score] => option[1] !== null)
      .sort((a, b) => Math.abs(a[0] - wanted) - Math.abs(b[0] - wanted))[0]!;
    remaining -= points;
    rows.push({
      userId: supporterId,
      matchId: match.id,
      scoreDom: score.dom,
      scoreExt: score.ext,
      createdAt: hoursBefore(match.kickoffAt, 20 + i),
    });
  }

  const { count: created } = await db.prediction.createMany({ data: rows, skipDuplicates: true });
  const unscored = await db.prediction.count({
    where: { points: null, matchId: { in: played.map((m) => m.id) } },
  });
  if (created === 0 && unscored === 0) return;
  const scoring = scoringService({
    ranking: rankingRepository(),
    seasons: { current: matchesRepository(db).currentSeason },
    clock: { now: () => now },
  });
  await db.$transaction(
    async (tx) => {
      for (const match of played) await scoring.rescore(tx, match);
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

// ───────────────────────────── Carpools ─────────────────────────────

interface Step {
  status: number;
  by: number;
  reasonId: number | null;
  at: Date;
}

/**
 * Presences and searches of members who have not answered for the match yet, then the
 * relations of pairs who have none: history, one notification per change (to the other
 * party), ratings, and the seats of confirmed passengers taken from the driver's presence.
 */
async function seedMatchCarpools(
  db: Db,
  now: Date,
  ids: Ids,
  /** Reason ids by '<kind>:<label>'. */
  reasons: ReadonlyMap<string, number>,
  /** Antenna ids by name. */
  antennas: ReadonlyMap<string, number>,
  match: Match,
  plan: MatchPlan,
): Promise<void> {
  const played = match.finishedAt !== null;
  // Relation times count back from now for an upcoming match, from the kickoff for a played one.
  const reference = played ? match.kickoffAt : now;
  const userIds = [...plan.presences, ...plan.searches].flatMap((p) => ids.get(p.who) ?? []);
  const answered = async () => {
    const [presences, searches] = await Promise.all([
      db.presence.findMany({ where: { matchId: match.id, userId: { in: userIds } } }),
      db.rideSearch.findMany({ where: { matchId: match.id, userId: { in: userIds } } }),
    ]);
    return { presences, searches };
  };
  const before = await answered();
  const taken = new Set([...before.presences, ...before.searches].map((row) => row.userId));
  const rand = random(`answers:${match.id}`);
  // Answers come before every relation of the plan (the oldest is opened 120 hours back).
  const answeredAt = () => hoursBefore(reference, 125 + rand() * 100);
  const newPresences = plan.presences.flatMap((p) => {
    const userId = ids.get(p.who);
    if (!userId || taken.has(userId)) return [];
    const at = answeredAt();
    return [
      {
        userId,
        matchId: match.id,
        transportTypeId: p.transport,
        antennaId: p.antenna ? (antennas.get(p.antenna) ?? null) : null,
        covoiturage: p.seats > 0,
        placesDispo: p.seats,
        departementDepart: p.dep,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
  const newSearches = plan.searches.flatMap((s) => {
    const userId = ids.get(s.who);
    if (!userId || taken.has(userId)) return [];
    const at = answeredAt();
    return [
      {
        userId,
        matchId: match.id,
        nbPers: s.nbPers,
        departementDepart: s.dep,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
  if (newPresences.length > 0)
    await db.presence.createMany({ data: newPresences, skipDuplicates: true });
  if (newSearches.length > 0)
    await db.rideSearch.createMany({ data: newSearches, skipDuplicates: true });
  // A member takes an antenna's bus only if they belong to it (at most 2 antennas).
  const riders = newPresences.flatMap((p) =>
    p.antennaId === null ? [] : [{ userId: p.userId, antennaId: p.antennaId }],
  );
  if (riders.length > 0) {
    const memberships = await db.userAntenna.findMany({
      where: { userId: { in: riders.map((r) => r.userId) } },
      select: { userId: true, antennaId: true },
    });
    const joins = riders.filter((r) => {
      const mine = memberships.filter((m) => m.userId === r.userId);
      return mine.length < 2 && !mine.some((m) => m.antennaId === r.antennaId);
    });
    if (joins.length > 0) await db.userAntenna.createMany({ data: joins, skipDuplicates: true });
  }
  if (!plan.relations?.length) return;

  const after = await answered();
  const presenceOf = new Map(after.presences.map((p) => [p.userId, p]));
  const searchOf = new Map(after.searches.map((s) => [s.userId, s]));
  const existing = await db.carpoolRelation.findMany({
    where: { matchId: match.id },
    select: { user1Id: true, user2Id: true },
  });
  const pairs = new Set(
    existing.flatMap((r) => [`${r.user1Id}:${r.user2Id}`, `${r.user2Id}:${r.user1Id}`]),
  );
  const seats = new Map(after.presences.map((p) => [p.userId, p.placesDispo]));
  const relations = [...plan.relations].sort((a, b) => b.hoursAgo - a.hoursAgo);

  await db.$transaction(
    async (tx: Tx) => {
      const notifications: Array<{
        recipientId: number;
        senderId: number;
        relationId: number;
        statusId: number;
        statusChangeId: number;
        createdAt: Date;
        readAt: Date | null;
      }> = [];
      const ratings: Array<{
        relationId: number;
        raterId: number;
        ratedId: number;
        note: number;
        createdAt: Date;
      }> = [];
      for (const r of relations) {
        const driverId = ids.get(r.driver);
        const passengerId = ids.get(r.passenger);
        if (!driverId || !passengerId || pairs.has(`${driverId}:${passengerId}`)) continue;
        const driver = presenceOf.get(driverId);
        const passenger = searchOf.get(passengerId);
        if (!driver?.covoiturage || !passenger) continue;
        const statuses = [r.opened, ...(r.then ?? [])];
        const final = statuses.at(-1)!;
        const free = seats.get(driverId) ?? 0;
        // As in the app: a relation needs the seats free when it is made and when confirmed.
        if (free < passenger.nbPers) continue;
        if (final === CONFIRME) seats.set(driverId, free - passenger.nbPers);
        const [user1Id, user2Id] =
          r.opened === PROPOSE ? [driverId, passengerId] : [passengerId, driverId];
        const actor = (status: number) =>
          status === PROPOSE || status === EXCLU
            ? driverId
            : status === DEMANDE || status === ANNULE
              ? passengerId
              : user2Id;
        const span = r.hoursAgo / statuses.length;
        const steps: Step[] = statuses.map((status, i) => ({
          status,
          by: actor(status),
          reasonId:
            status === ANNULE || status === EXCLU
              ? (reasons.get(`${status === ANNULE ? 'ANNULATION' : 'EXCLUSION'}:${r.reason}`) ??
                null)
              : null,
          at: hoursBefore(reference, r.hoursAgo - i * span),
        }));
        const relation = await tx.carpoolRelation.create({
          data: {
            matchId: match.id,
            user1Id,
            user2Id,
            statusId: final,
            driverId,
            passengerId,
            nbPers: passenger.nbPers,
            description: r.description ?? null,
            departementDepart: passenger.departementDepart,
            createdAt: steps[0]!.at,
            updatedAt: steps.at(-1)!.at,
            changes: {
              create: steps.map((s, i) => ({
                fromStatusId: i === 0 ? null : steps[i - 1]!.status,
                toStatusId: s.status,
                byUserId: s.by,
                reasonId: s.reasonId,
                createdAt: s.at,
              })),
            },
          },
          select: {
            id: true,
            changes: { select: { id: true, createdAt: true }, orderBy: { createdAt: 'asc' } },
          },
        });
        pairs.add(`${driverId}:${passengerId}`).add(`${passengerId}:${driverId}`);
        for (const [i, change] of relation.changes.entries()) {
          const step = steps[i]!;
          const recipientId = step.by === user1Id ? user2Id : user1Id;
          const last = i === steps.length - 1;
          // Unread: what supporter_demo has not seen yet for the next match, and others' news of the day.
          const unread =
            !played &&
            last &&
            (recipientId === ids.get(SUPPORTER) ||
              now.getTime() - step.at.getTime() < 12 * HOUR_MS);
          notifications.push({
            recipientId,
            senderId: step.by,
            relationId: relation.id,
            statusId: step.status,
            statusChangeId: change.id,
            createdAt: change.createdAt,
            readAt: unread
              ? null
              : earliest(new Date(change.createdAt.getTime() + 2 * HOUR_MS), now),
          });
        }
        if (played && final === CONFIRME && match.finishedAt) {
          const ratedAt = (hours: number) =>
            earliest(new Date(match.finishedAt!.getTime() + hours * HOUR_MS), now);
          if (r.notes?.driver) {
            ratings.push({
              relationId: relation.id,
              raterId: driverId,
              ratedId: passengerId,
              note: r.notes.driver,
              createdAt: ratedAt(3),
            });
          }
          if (r.notes?.passenger) {
            ratings.push({
              relationId: relation.id,
              raterId: passengerId,
              ratedId: driverId,
              note: r.notes.passenger,
              createdAt: ratedAt(5),
            });
          }
        }
        if (final === CONFIRME) {
          await tx.presence.update({
            where: { id: driver.id },
            data: { placesDispo: { decrement: passenger.nbPers } },
          });
        }
      }
      // In time order, so the bell (newest id first) lists them as they happened.
      notifications.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      if (notifications.length > 0) await tx.notification.createMany({ data: notifications });
      if (ratings.length > 0)
        await tx.carpoolRating.createMany({ data: ratings, skipDuplicates: true });
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** note_covoiturage = the real average of the ratings received, as the app keeps it. */
async function refreshRatingAverages(db: Db, ids: Ids): Promise<void> {
  const userIds = [...ids.values()];
  const [averages, users] = await Promise.all([
    db.carpoolRating.groupBy({
      by: ['ratedId'],
      where: { ratedId: { in: userIds } },
      _avg: { note: true },
    }),
    db.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, noteCovoiturage: true },
    }),
  ]);
  const current = new Map(users.map((u) => [u.id, u.noteCovoiturage?.toFixed(2) ?? null]));
  for (const row of averages) {
    const average = row._avg.note?.toDecimalPlaces(2).toFixed(2) ?? null;
    if (average !== null && current.get(row.ratedId) !== average) {
      await db.user.update({ where: { id: row.ratedId }, data: { noteCovoiturage: average } });
    }
  }
}

// ───────────────────────────── Conversations ─────────────────────────────

/** The conversations of supporter_demo, written once per pair (pairKey as the app builds it). */
async function seedConversations(db: Db, now: Date, ids: Ids): Promise<void> {
  for (const plan of CONVERSATIONS) {
    const user1Id = ids.get(plan.from);
    const user2Id = ids.get(plan.to);
    if (!user1Id || !user2Id) continue;
    const pairKey = user1Id < user2Id ? `${user1Id}:${user2Id}` : `${user2Id}:${user1Id}`;
    if (await db.conversation.findUnique({ where: { pairKey }, select: { id: true } })) continue;
    const messages = plan.messages.map((m) => {
      const senderId = ids.get(m.by)!;
      const createdAt = hoursBefore(now, m.hoursAgo);
      return {
        senderId,
        receiverId: senderId === user1Id ? user2Id : user1Id,
        content: m.text,
        createdAt,
        readAt: m.unread ? null : earliest(new Date(createdAt.getTime() + 20 * 60_000), now),
      };
    });
    // A member's read cursor: the last message they wrote or read.
    const cursor = (userId: number) =>
      messages
        .flatMap((m) => (m.senderId === userId ? [m.createdAt] : m.readAt ? [m.readAt] : []))
        .reduce<Date | null>((a, b) => (a && a > b ? a : b), null);
    await db.conversation.create({
      data: {
        user1Id,
        user2Id,
        pairKey,
        accepted: plan.accepted,
        user1ReadAt: cursor(user1Id),
        user2ReadAt: cursor(user2Id),
        lastMessageAt: messages.at(-1)?.createdAt ?? null,
        createdAt: messages[0]?.createdAt ?? now,
        messages: { createMany: { data: messages } },
      },
    });
  }
}

// ───────────────────────────── Entry point ─────────────────────────────

/**
 * The demo community around the demo season of `seedDemo`: members, their predictions and
 * the resulting leaderboard, presences, searches and carpools for the next match, the one
 * after and the four latest played ones, ratings, and supporter_demo's conversations.
 */
export async function seedCommunity(db: Db, now: Date): Promise<void> {
  const ids = await seedMembers(db, now);
  const latest = await db.match.findFirst({
    where: { finishedAt: { not: null, lte: now } },
    orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
  });
  const played = latest
    ? await db.match.findMany({
        where: { season: latest.season, finishedAt: { not: null, lte: now } },
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
      })
    : [];
  const upcoming = await db.match.findMany({
    where: { finishedAt: null, kickoffAt: { gt: now } },
    orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
    take: 2,
  });
  await seedPredictions(db, now, ids, played, upcoming[0] ?? null);

  const [reasonRows, antennaRows] = await Promise.all([
    db.reason.findMany({ where: { kind: { in: ['ANNULATION', 'EXCLUSION'] }, section: '' } }),
    db.antenna.findMany({ select: { id: true, nom: true } }),
  ]);
  const reasons = new Map(reasonRows.map((r) => [`${r.kind}:${r.label}`, r.id]));
  const antennas = new Map(antennaRows.map((a) => [a.nom, a.id]));
  const plans: Array<[Match | undefined, MatchPlan]> = [
    [upcoming[0], NEXT_MATCH],
    [upcoming[1], MATCH_AFTER_NEXT],
    ...PLAYED_MATCHES.map((plan, i): [Match | undefined, MatchPlan] => [played.at(-1 - i), plan]),
  ];
  for (const [match, plan] of plans) {
    if (match) await seedMatchCarpools(db, now, ids, reasons, antennas, match, plan);
  }
  await refreshRatingAverages(db, ids);
  await seedConversations(db, now, ids);
}
