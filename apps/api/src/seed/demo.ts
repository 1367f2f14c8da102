import { MONACO_CLUB_ID, seasonOf } from '@munegu/shared';
import { seedDemoJournal } from './demo-journal.js';
import { seedDemoPartner } from './demo-site.js';
import type { Db } from '../db/client.js';
import type { Role } from '../generated/prisma/client.js';
import { hashPassword } from '../lib/passwords.js';
import { CLUBS, crestPath } from './clubs.js';
import { seedCommunity } from './community/index.js';
import type { DemoAccount } from './index.js';

/**
 * One ACTIVE account per role. The passwords are public (printed by `pnpm db:seed --demo`):
 * demo data is for local and preview databases only, never production.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'UTILISATEUR',
    email: 'utilisateur@demo.munegu.local',
    username: 'supporter_demo',
    password: 'Supporter#Demo26',
  },
  {
    role: 'REDACTEUR',
    email: 'redacteur@demo.munegu.local',
    username: 'redacteur_demo',
    password: 'Redacteur#Demo26',
  },
  {
    role: 'MODERATEUR',
    email: 'moderateur@demo.munegu.local',
    username: 'moderateur_demo',
    password: 'Moderateur#Demo26',
  },
  {
    role: 'ADMIN',
    email: 'admin@demo.munegu.local',
    username: 'admin_demo',
    password: 'Admin#Demo2026',
  },
];

/** Demo rounds: 1..FINISHED are played, the rest are upcoming. */
const FINISHED_ROUNDS = 10;
const UPCOMING_ROUNDS = 8;
const DAY_MS = 86_400_000;
/** Monaco's goals first, then the opponent's, for the played rounds. */
const DEMO_SCORES: ReadonlyArray<readonly [number, number]> = [
  [2, 1],
  [1, 1],
  [3, 0],
  [0, 2],
  [2, 2],
  [4, 1],
  [1, 0],
  [0, 0],
  [2, 3],
  [3, 1],
];
/** Weekend slots, cycled by round: day offset from Saturday and UTC time (Paris is UTC+1/+2). */
const KICKOFF_SLOTS = [
  { day: 0, hour: 19, minute: 0 },
  { day: 1, hour: 14, minute: 0 },
  { day: 0, hour: 15, minute: 0 },
  { day: 1, hour: 19, minute: 45 },
] as const;

interface DemoMatch {
  matchday: number;
  kickoffAt: Date;
  homeClubId: number;
  awayClubId: number;
  hashtag: string;
  homeGoals: number | null;
  awayGoals: number | null;
  finishedAt: Date | null;
}

/**
 * A weekly run of AS Monaco rounds around `now`, one per weekend, home and away alternating.
 * Played rounds end on the last weekend that is entirely over (Saturday at least 2 days
 * before today); upcoming rounds start on the first Saturday after today, so every played
 * match is over and every upcoming one is in the future (the gap between the two runs is
 * one or two weeks, like an international break). Derived from `now` only, so re-running
 * later re-dates the same rows (keyed on season + journee).
 */
export function demoMatches(now: Date): DemoMatch[] {
  const opponents = CLUBS.filter((c) => c.id !== MONACO_CLUB_ID);
  const monaco = CLUBS.find((c) => c.id === MONACO_CLUB_ID)!;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayOfWeek = (t: number) => new Date(t).getUTCDay();
  const lastPlayedSaturday =
    today - 2 * DAY_MS - ((dayOfWeek(today - 2 * DAY_MS) + 1) % 7) * DAY_MS;
  const firstUpcomingSaturday = today + DAY_MS + ((6 - dayOfWeek(today + DAY_MS) + 7) % 7) * DAY_MS;
  const matches: DemoMatch[] = [];
  for (let journee = 1; journee <= FINISHED_ROUNDS + UPCOMING_ROUNDS; journee++) {
    const opponent = opponents[(journee - 1) % opponents.length]!;
    const home = journee % 2 === 1;
    const slot = KICKOFF_SLOTS[journee % KICKOFF_SLOTS.length]!;
    const saturday =
      journee <= FINISHED_ROUNDS
        ? lastPlayedSaturday - (FINISHED_ROUNDS - journee) * 7 * DAY_MS
        : firstUpcomingSaturday + (journee - FINISHED_ROUNDS - 1) * 7 * DAY_MS;
    const kickoffAt = new Date(
      saturday + slot.day * DAY_MS + (slot.hour * 60 + slot.minute) * 60_000,
    );
    const score = journee <= FINISHED_ROUNDS ? DEMO_SCORES[journee - 1]! : null;
    matches.push({
      matchday: journee,
      kickoffAt,
      homeClubId: home ? MONACO_CLUB_ID : opponent.id,
      awayClubId: home ? opponent.id : MONACO_CLUB_ID,
      hashtag: home ? `#${monaco.code}${opponent.code}` : `#${opponent.code}${monaco.code}`,
      homeGoals: score ? (home ? score[0] : score[1]) : null,
      awayGoals: score ? (home ? score[1] : score[0]) : null,
      finishedAt: score ? new Date(kickoffAt.getTime() + 115 * 60_000) : null,
    });
  }
  return matches;
}

/**
 * Creates the demo accounts that are missing, and only those: an existing one belongs to the
 * staff and its members from then on, so a password changed, a role changed or a suspension
 * (the published passwords locked out on a DEMO_DATA deployment) outlives every restart. It is
 * found by its address or its pseudo, so a member who changed one of them keeps one account.
 */
async function seedDemoAccounts(db: Db, now: Date): Promise<Map<DemoAccount['role'], number>> {
  const ids = new Map<DemoAccount['role'], number>();
  for (const account of DEMO_ACCOUNTS) {
    const usernameKey = account.username.toLowerCase();
    const existing = await db.user.findFirst({
      where: { OR: [{ email: account.email }, { usernameKey }] },
      select: { id: true },
    });
    const user =
      existing ??
      (await db.user.create({
        data: {
          username: account.username,
          usernameKey,
          passwordHash: await hashPassword(account.password),
          role: account.role as Role,
          status: 'ACTIVE',
          email: account.email,
          firstName: 'Démo',
          lastName: account.role,
          birthDate: new Date(Date.UTC(1994, 4, 14)),
          department: 'FR-06',
          appMailOptIn: true,
          promoMailOptIn: false,
          lastActivityAt: now,
        },
      }));
    ids.set(account.role, user.id);
  }
  return ids;
}

async function seedDemoMatches(db: Db, now: Date, season: string): Promise<void> {
  for (const m of demoMatches(now)) {
    const upcomingHome = m.finishedAt === null && m.homeClubId === MONACO_CLUB_ID;
    const data = {
      ...m,
      season,
      ticketUrl: upcomingHome ? 'https://www.asmonaco.com/billetterie' : null,
    };
    await db.match.upsert({
      where: { season_matchday: { season, matchday: m.matchday } },
      create: data,
      update: data,
    });
  }
}

/** A table consistent with itself: points fall with the position, Monaco third. */
async function seedDemoLeagueTable(db: Db, season: string): Promise<void> {
  const order = [15, 10, MONACO_CLUB_ID, 6, 7, 9, 13, 17, 16, 18, 4, 3, 12, 14, 2, 5, 8, 11];
  const points = [25, 22, 20, 19, 18, 17, 15, 14, 13, 13, 12, 11, 10, 9, 8, 7, 5, 3];
  const goalDiff = [16, 9, 7, 6, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -8, -9, -10];
  for (const [i, clubId] of order.entries()) {
    const data = {
      position: i + 1,
      played: FINISHED_ROUNDS,
      points: points[i]!,
      goalDiff: goalDiff[i]!,
    };
    await db.leagueTableRow.upsert({
      where: { season_clubId: { season, clubId } },
      create: { season, clubId, ...data },
      update: data,
    });
  }
}

const DEMO_NEWS = [
  {
    sourceUrl: 'https://x.com/AS_Monaco/status/1990000000000000001',
    category: 'MATCH',
    title: 'Victoire solide au Louis-II',
    content:
      "Les Rouge et Blanc s'imposent devant leur public au terme d'un match maîtrisé. Merci aux supporters présents malgré la pluie !",
    image: crestPath('monaco'),
    daysAgo: 1,
  },
  {
    sourceUrl: 'https://x.com/AS_Monaco/status/1990000000000000002',
    category: 'DÉPLACEMENTS',
    title: 'Déplacement à Paris : les inscriptions sont ouvertes',
    content:
      'Le bus de l’association partira de Monaco le samedi matin. Inscriptions auprès de votre antenne ou sur la MuneguMap, covoiturages bienvenus.',
    image: crestPath('psg'),
    daysAgo: 3,
  },
  {
    sourceUrl: 'https://x.com/AS_Monaco/status/1990000000000000003',
    category: 'ASSOCIATION',
    title: "Assemblée générale de l'association",
    content:
      "L'assemblée générale annuelle se tiendra au Stade Louis-II. Ordre du jour : bilan de la saison, déplacements et élection du bureau.",
    image: crestPath('monaco'),
    daysAgo: 6,
  },
  {
    sourceUrl: 'https://x.com/AS_Monaco/status/1990000000000000004',
    category: 'CLUB',
    title: 'Le centre de formation à l’honneur',
    content:
      'Trois jeunes du centre de formation ont signé leur premier contrat professionnel cette semaine. Bravo à eux !',
    image: crestPath('monaco'),
    daysAgo: 9,
  },
] as const;

const CONTENT_MARKER = 'demo.content-seeded';
const CONTEST_TITLE = 'Gagne le maillot domicile dédicacé !';
const publishedAt = (now: Date, n: (typeof DEMO_NEWS)[number]) =>
  new Date(now.getTime() - n.daysAgo * DAY_MS);
const contestEnd = (now: Date) => new Date(now.getTime() + 14 * DAY_MS);

/**
 * The demo's news and contest, written once (a marker row): from then on they are the
 * editors'. A later start only moves the dates of the demo items still there, so the demo keeps
 * recent news and a running contest, while an item an editor deleted stays deleted and an edit
 * stays as written.
 */
async function seedDemoContent(db: Db, now: Date, authorId: number): Promise<void> {
  if (await db.siteSetting.findUnique({ where: { key: CONTENT_MARKER } })) {
    for (const n of DEMO_NEWS)
      await db.news.updateMany({
        where: { sourceUrl: n.sourceUrl },
        data: { publishedAt: publishedAt(now, n) },
      });
    await db.contest.updateMany({
      where: { title: CONTEST_TITLE },
      data: { endsAt: contestEnd(now) },
    });
    return;
  }
  await writeDemoContent(db, now, authorId);
  await db.siteSetting.upsert({
    where: { key: CONTENT_MARKER },
    create: { key: CONTENT_MARKER, value: 'true' },
    update: {},
  });
}

async function writeDemoContent(db: Db, now: Date, authorId: number): Promise<void> {
  // News categories are the administrators' (renamed, deleted): a demo item whose category is
  // gone is created in AUTRE, the default, and an existing one keeps the category it has.
  const fallback = await db.newsCategory.findUnique({ where: { label: 'AUTRE' } });
  for (const n of DEMO_NEWS) {
    const named = await db.newsCategory.findUnique({ where: { label: n.category } });
    const category = named ?? fallback;
    const data = {
      title: n.title,
      content: n.content,
      image: n.image,
      link: n.sourceUrl,
      authorId,
      publishedAt: publishedAt(now, n),
    };
    const existing = await db.news.findUnique({ where: { sourceUrl: n.sourceUrl } });
    if (existing) {
      await db.news.update({
        where: { id: existing.id },
        data: named ? { ...data, categoryId: named.id } : data,
      });
    } else if (category) {
      await db.news.create({ data: { ...data, categoryId: category.id, sourceUrl: n.sourceUrl } });
    }
  }
  // Contests have no natural unique key: the demo one is found by its title.
  const title = CONTEST_TITLE;
  const contest = {
    title,
    endsAt: contestEnd(now),
    image: '/demo/maillot.svg',
    instagramLink: 'https://www.instagram.com/asmonaco/',
    xLink: 'https://x.com/AS_Monaco',
  };
  const existing = await db.contest.findFirst({ where: { title } });
  if (existing) await db.contest.update({ where: { id: existing.id }, data: contest });
  else await db.contest.create({ data: contest });
}

/** Demo data on top of the reference data; every write is keyed on a stable value. */
export async function seedDemo(db: Db, now: Date): Promise<DemoAccount[]> {
  const season = seasonOf(now);
  const ids = await seedDemoAccounts(db, now);
  await seedDemoMatches(db, now, season);
  await seedDemoLeagueTable(db, season);
  await seedDemoContent(db, now, ids.get('REDACTEUR')!);
  await seedDemoPartner(db);
  // Last: the community plays, travels and writes around these matches and accounts.
  await seedCommunity(db, now, ids.get('UTILISATEUR')!);
  await seedDemoJournal(db, now, ids);
  return DEMO_ACCOUNTS.map((a) => ({ ...a }));
}
