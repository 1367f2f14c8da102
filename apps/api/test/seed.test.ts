// Reference and demo data on a fresh migrated database, plus the operator commands.
// Needs PostgreSQL at TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CARPOOL_SYSTEM_REASON, JOURNAL_ACTIONS, MONACO_CLUB_ID } from '@munegu/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeRole,
  createUser,
  isStrongPassword,
  UserCommandError,
} from '../src/cli/user-commands.js';
import { createDb, type Db } from '../src/db/client.js';
import { hashPassword, verifyPassword } from '../src/lib/passwords.js';
import { DEMO_ACCOUNTS } from '../src/seed/demo.js';
import { DEPARTMENTS } from '../src/seed/departments.js';
import { seed } from '../src/seed/index.js';
import { OTHER_REASON_LABEL } from '@munegu/shared';
import { DEPARTMENTS_JSON_PATH, departmentsJson } from '../src/seed/write-departments-json.js';
import { SPEC_TRANSPORTS } from './helpers/factories.js';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_PUBLIC = path.join(REPO_ROOT, 'apps', 'web', 'public');
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `munegu_test_seed_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const NOW = new Date('2026-11-21T10:00:00Z');

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Row count of every table of the public schema. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.$queryRawUnsafe<Array<{ table_name: string }>>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await db.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM "${table_name}"`,
    );
    counts[table_name] = row!.n;
  }
  return counts;
}

describe('departments list', () => {
  it('has every department once, Monaco too, and the committed JSON matches it', () => {
    const codes = DEPARTMENTS.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(102);
    expect(codes).toEqual(expect.arrayContaining(['01', '2A', '2B', '95', '971', '976', 'MC']));
    expect(codes).not.toContain('20');
    expect(readFileSync(DEPARTMENTS_JSON_PATH, 'utf8')).toBe(departmentsJson());
  });

  it('the map has a path for every metropolitan department', () => {
    const svg = readFileSync(
      path.join(WEB_PUBLIC, 'cartes_france', 'france-departements.svg'),
      'utf8',
    );
    const ids = [...svg.matchAll(/<path[^>]*?\sid="([^"]+)"/g)].map((m) => m[1]);
    // Monaco is no department of the SVG: the map draws it as a point (MONACO_MAP_POINT).
    const metropolitan = DEPARTMENTS.map(([code]) => code).filter(
      (c) => c.length <= 2 && c !== 'MC',
    );
    expect(ids.sort()).toEqual([...metropolitan].sort());
  });
});

describe('seed', () => {
  let db: Db;

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${DB_NAME}"`);
    await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: urlFor(DB_NAME), PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    });
    db = createDb({ connectionString: urlFor(DB_NAME), max: 2 });
  }, 120_000);

  afterAll(async () => {
    await db?.$disconnect();
    await admin(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  }, 60_000);

  it('is idempotent with demo data', async () => {
    const first = await seed(db, { demo: true, now: NOW });
    const before = await tableCounts(db);
    const hashesBefore = await db.user.findMany({
      select: { email: true, passwordHash: true },
      orderBy: { id: 'asc' },
    });
    const second = await seed(db, { demo: true, now: NOW });
    expect(await tableCounts(db)).toEqual(before);
    expect(second.demoAccounts).toEqual(first.demoAccounts);
    const hashesAfter = await db.user.findMany({
      select: { email: true, passwordHash: true },
      orderBy: { id: 'asc' },
    });
    expect(hashesAfter).toEqual(hashesBefore);
    expect(before.matches).toBeGreaterThanOrEqual(16);
    expect(before.departments).toBe(102); // 101 departments and Monaco
    expect([before.news, before.contests]).toEqual([4, 1]);
  }, 120_000);

  it('has the Nice coach for the next away match, its redacteur organiser and a waiting list', async () => {
    const trip = await db.trip.findFirstOrThrow({
      where: { antenna: { name: 'Club des Supporters - Nice' } },
      include: { match: true, registrations: { orderBy: { id: 'asc' } }, antenna: true },
    });
    expect(trip.match.awayClubId).toBe(MONACO_CLUB_ID);
    const next = await db.match.findFirstOrThrow({
      where: { awayClubId: MONACO_CLUB_ID, finishedAt: null, kickoffAt: { gt: NOW } },
      orderBy: { kickoffAt: 'asc' },
    });
    expect(trip.matchId).toBe(next.id);
    expect(trip).toMatchObject({ seats: 50, fareCents: 2500, status: 'OUVERT' });
    expect(
      new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Europe/Paris',
        hour: '2-digit',
        minute: '2-digit',
      }).format(trip.departureAt),
    ).toBe('06:00');
    expect(trip.deadline!.getTime()).toBe(trip.departureAt.getTime() - 2 * 86_400_000);
    const confirmed = trip.registrations.filter((r) => r.status === 'CONFIRME');
    const waiting = trip.registrations.filter((r) => r.status === 'ATTENTE');
    expect(confirmed.reduce((n, r) => n + r.seatCount, 0)).toBe(47);
    expect(confirmed.some((r) => r.seatCount > 1)).toBe(true);
    // Strict order: the head of the waiting list needs more than the 3 seats left.
    expect(waiting.map((r) => r.seatCount)).toEqual([4, 2, 1]);
    const supporter = await db.user.findUniqueOrThrow({
      where: { email: 'utilisateur@demo.munegu.local' },
    });
    const inCar = await db.carpoolRelation.count({
      where: { matchId: trip.matchId, OR: [{ user1Id: supporter.id }, { user2Id: supporter.id }] },
    });
    if (inCar > 0) expect(trip.registrations.map((r) => r.userId)).not.toContain(supporter.id);
    const redacteur = await db.user.findUniqueOrThrow({
      where: { email: 'redacteur@demo.munegu.local' },
    });
    expect(
      await db.antennaOrganizer.count({
        where: { antennaId: trip.antennaId, userId: redacteur.id },
      }),
    ).toBe(1);
    // Confirmed members go by bus with the antenna.
    for (const r of confirmed)
      expect(
        await db.presence.findUniqueOrThrow({
          where: { userId_matchId: { userId: r.userId, matchId: trip.matchId } },
        }),
      ).toMatchObject({ transportTypeId: 2, antennaId: trip.antennaId });
    // Its thread: the organiser and the confirmed registrants, opened by an announcement.
    const thread = await db.messageGroup.findUniqueOrThrow({
      where: { tripId: trip.id },
      include: { members: true, messages: { orderBy: { createdAt: 'asc' } } },
    });
    expect(thread.kind).toBe('deplacement');
    expect(thread.members.map((m) => m.userId).sort()).toEqual(
      [redacteur.id, ...confirmed.map((r) => r.userId)].sort(),
    );
    expect(thread.messages[0]).toMatchObject({ senderId: redacteur.id, announcement: true });
  });

  it('gives the demo journal a past of several kinds, each row naming its target', async () => {
    const rows = await db.auditLog.findMany({ orderBy: { id: 'asc' } });
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set([
        'user.role',
        'site.partner',
        'match.score',
        'match.update',
        'news.create',
        'moderation.user.warn',
        'moderation.user.suspend',
        'moderation.user.lift',
        'moderation.user.silence',
      ]),
    );
    for (const row of rows) {
      expect(row.action in JOURNAL_ACTIONS, row.action).toBe(true);
      expect(row.targetLabel, row.action).toBeTruthy();
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('never undoes what administrators and operators changed', async () => {
    await seed(db, { demo: false, now: NOW });
    const antenna = await db.antenna.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await db.antenna.update({ where: { id: antenna.id }, data: { name: 'Antenne renommée' } });
    const reason = await db.reason.findFirstOrThrow({
      where: { kind: 'ANNULATION', NOT: { label: 'Autre' } },
    });
    await db.reason.delete({ where: { id: reason.id } });
    await db.club.update({ where: { id: 1 }, data: { liveFeedUrl: 'https://x.com/asm_direct' } });
    await seed(db, { demo: false, now: NOW });
    expect(await db.antenna.count({ where: { name: antenna.name } })).toBe(0);
    expect(await db.reason.count({ where: { id: reason.id } })).toBe(0);
    expect(await db.reason.count({ where: { label: reason.label, kind: 'ANNULATION' } })).toBe(0);
    expect((await db.club.findUniqueOrThrow({ where: { id: 1 } })).liveFeedUrl).toBe(
      'https://x.com/asm_direct',
    );
  });

  it('starts whatever administrators did to the demo news categories', async () => {
    const renamed = await db.newsCategory.update({
      where: { label: 'MATCH' },
      data: { label: 'MATCHS' },
    });
    // A category in use cannot be deleted: its news item goes first.
    const club = await db.newsCategory.findUniqueOrThrow({ where: { label: 'CLUB' } });
    const clubNews = await db.news.findFirstOrThrow({ where: { categoryId: club.id } });
    await db.news.delete({ where: { id: clubNews.id } });
    await db.newsCategory.delete({ where: { id: club.id } });
    await seed(db, { demo: true, now: NOW });
    const labels = (await db.newsCategory.findMany()).map((c) => c.label);
    expect(labels).toContain('MATCHS');
    expect(labels).not.toContain('MATCH');
    expect(labels).not.toContain('CLUB');
    expect(await db.news.count({ where: { categoryId: renamed.id } })).toBe(1);
    // The demo news item deleted with its category stays deleted.
    expect(await db.news.count({ where: { sourceUrl: clubNews.sourceUrl! } })).toBe(0);
  }, 120_000);

  it('leaves the demo news and contest to the editors after the first start, moving only their dates', async () => {
    const [first, second] = await db.news.findMany({
      where: { sourceUrl: { not: null } },
      orderBy: { id: 'asc' },
      take: 2,
    });
    await db.news.update({
      where: { id: first!.id },
      data: { title: 'Titre revu par la rédaction' },
    });
    await db.news.delete({ where: { id: second!.id } });
    const contest = await db.contest.findFirstOrThrow();
    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    await seed(db, { demo: true, now: later });
    const kept = await db.news.findUniqueOrThrow({ where: { id: first!.id } });
    expect(kept.title).toBe('Titre revu par la rédaction');
    expect(kept.publishedAt.getTime() - first!.publishedAt.getTime()).toBe(3 * 86_400_000);
    expect(await db.news.count({ where: { sourceUrl: second!.sourceUrl } })).toBe(0);
    const moved = await db.contest.findUniqueOrThrow({ where: { id: contest.id } });
    expect(moved.endsAt.getTime() - contest.endsAt.getTime()).toBe(3 * 86_400_000);
    await seed(db, { demo: true, now: NOW });
  }, 120_000);

  it('re-dates demo matches a week later instead of duplicating them', async () => {
    const count = await db.match.count();
    await seed(db, { demo: true, now: new Date(NOW.getTime() + 7 * 86_400_000) });
    expect(await db.match.count()).toBe(count);
    await seed(db, { demo: true, now: NOW });
  }, 120_000);

  it('writes the 18 clubs with AS Monaco as id 1 and existing crests', async () => {
    const clubs = await db.club.findMany({ orderBy: { id: 'asc' } });
    expect(clubs).toHaveLength(18);
    expect(clubs[0]).toMatchObject({
      id: MONACO_CLUB_ID,
      name: 'AS Monaco',
      logo: '/clubs/monaco.svg',
    });
    for (const club of clubs) {
      const svg = readFileSync(path.join(WEB_PUBLIC, club.logo), 'utf8');
      expect(svg).toMatch(/^<svg[^>]*viewBox="[^"]+"/);
      expect(svg).toContain(`>${club.name}</title>`);
    }
    // The sequence was moved past the fixed ids.
    const next = await db.club.create({
      data: {
        name: 'Club seq',
        slug: 'club-seq',
        stadiumName: 's',
        city: 'v',
        department: '06',
        logo: '/x.svg',
      },
    });
    expect(next.id).toBeGreaterThan(18);
    await db.club.delete({ where: { id: next.id } });
  });

  it('writes the fixed statuses and transport types', async () => {
    const statuses = await db.carpoolStatus.findMany({ orderBy: { id: 'asc' } });
    expect(statuses.map((s) => `${s.id}:${s.label}`)).toEqual([
      '1:PROPOSE',
      '2:DEMANDE',
      '3:CONFIRME',
      '4:REFUSE',
      '5:ANNULE',
      '6:EXCLU',
    ]);
    const transports = await db.transportType.findMany({ orderBy: { id: 'asc' } });
    expect(transports.map((t) => t.label)).toEqual(SPEC_TRANSPORTS);
  });

  it("lists 'Autre' last in every reason list", async () => {
    const reasons = await db.reason.findMany({
      where: { kind: { not: 'SYSTEME' } },
      orderBy: [{ kind: 'asc' }, { section: 'asc' }, { position: 'asc' }],
    });
    const lists = new Map<string, string[]>();
    for (const r of reasons) {
      const key = `${r.kind}/${r.section}`;
      lists.set(key, [...(lists.get(key) ?? []), r.label]);
    }
    expect([...lists.keys()].sort()).toEqual([
      'ANNULATION/',
      'EXCLUSION/',
      'SIGNALEMENT/actualite',
      'SIGNALEMENT/covoiturage',
      'SIGNALEMENT/message',
      'SIGNALEMENT/profil',
    ]);
    for (const [key, labels] of lists) {
      expect(labels.at(-1), key).toBe(OTHER_REASON_LABEL);
      expect(
        labels.filter((l) => l === OTHER_REASON_LABEL),
        key,
      ).toHaveLength(1);
      expect(labels.length, key).toBeGreaterThanOrEqual(4);
    }
    // Besides them, the one reason the application records itself (no 'Autre' there).
    const system = await db.reason.findMany({ where: { kind: 'SYSTEME' } });
    expect(system.map((r) => [r.section, r.label])).toEqual([['', CARPOOL_SYSTEM_REASON]]);
  });

  it('writes finished and upcoming demo matches around now, and a coherent table', async () => {
    const matches = await db.match.findMany({ orderBy: { matchday: 'asc' } });
    const finished = matches.filter((m) => m.finishedAt !== null);
    const upcoming = matches.filter((m) => m.finishedAt === null);
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(upcoming.length).toBeGreaterThanOrEqual(1);
    for (const m of finished) {
      expect(m.finishedAt!.getTime()).toBeLessThan(NOW.getTime());
      expect(m.homeGoals).not.toBeNull();
    }
    for (const m of upcoming) expect(m.kickoffAt.getTime()).toBeGreaterThan(NOW.getTime());
    for (const m of matches) expect([m.homeClubId, m.awayClubId]).toContain(MONACO_CLUB_ID);
    const rows = await db.leagueTableRow.findMany({ orderBy: { position: 'asc' } });
    expect(rows).toHaveLength(18);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.points).toBeLessThanOrEqual(rows[i - 1]!.points);
    // The news and the contest: the editors' since the first start (see above).
    const contest = await db.contest.findFirstOrThrow();
    expect(contest.endsAt.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('creates one active demo account per role whose password verifies', async () => {
    const { demoAccounts } = await seed(db, { demo: true, now: NOW });
    expect(demoAccounts.map((a) => a.role).sort()).toEqual([
      'ADMIN',
      'MODERATEUR',
      'REDACTEUR',
      'UTILISATEUR',
    ]);
    for (const account of demoAccounts) {
      expect(isStrongPassword(account.password), account.password).toBe(true);
      const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
      expect(user).toMatchObject({
        role: account.role,
        status: 'ACTIVE',
        usernameKey: account.username.toLowerCase(),
      });
      expect(await verifyPassword(account.password, user.passwordHash)).toBe(true);
    }
  }, 60_000);

  it('keeps what the staff changed on the demo accounts', async () => {
    const [supporter, editor, moderator, admin] = DEMO_ACCOUNTS.map((a) => a.email);
    await db.user.update({
      where: { email: admin },
      data: { passwordHash: await hashPassword('Nouveau#Secret26'), email: 'chef@asso.mc' },
    });
    await db.user.update({ where: { email: moderator }, data: { status: 'SUSPENDED' } });
    await db.user.update({ where: { email: editor }, data: { role: 'UTILISATEUR' } });
    await db.user.update({
      where: { email: supporter },
      data: { username: 'Supporter_Renomme', usernameKey: 'supporter_renomme' },
    });
    const users = await db.user.count();
    await seed(db, { demo: true, now: NOW });
    expect(await db.user.count()).toBe(users);
    const chief = await db.user.findUniqueOrThrow({ where: { email: 'chef@asso.mc' } });
    expect(chief).toMatchObject({ role: 'ADMIN', username: 'admin_demo' });
    expect(await verifyPassword('Nouveau#Secret26', chief.passwordHash)).toBe(true);
    expect(await db.user.findUniqueOrThrow({ where: { email: moderator } })).toMatchObject({
      status: 'SUSPENDED',
    });
    expect(await db.user.findUniqueOrThrow({ where: { email: editor } })).toMatchObject({
      role: 'UTILISATEUR',
      status: 'ACTIVE',
    });
    expect(await db.user.findUniqueOrThrow({ where: { email: supporter } })).toMatchObject({
      username: 'Supporter_Renomme',
    });
  }, 60_000);

  it('reference data alone writes no demo rows', async () => {
    const name = `${DB_NAME}_ref`;
    // A template must have no open connection while it is copied.
    await db.$disconnect();
    await admin(`CREATE DATABASE "${name}" TEMPLATE "${DB_NAME}"`);
    db = createDb({ connectionString: urlFor(DB_NAME), max: 2 });
    const other = createDb({ connectionString: urlFor(name), max: 1 });
    try {
      await other.$executeRawUnsafe(
        'TRUNCATE audit_logs, news, contests, league_table_rows, matches, users RESTART IDENTITY CASCADE',
      );
      const result = await seed(other, { demo: false });
      expect(result.demoAccounts).toEqual([]);
      expect(await other.user.count()).toBe(0);
      expect(await other.match.count()).toBe(0);
      expect(await other.club.count()).toBe(18);
    } finally {
      await other.$disconnect();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 60_000);

  describe('user commands', () => {
    it('creates an active admin with a generated password, audited', async () => {
      const created = await createUser(db, {
        email: 'Chef@Example.FR',
        pseudo: 'ChefOps',
        role: 'admin',
      });
      expect(created).toMatchObject({ email: 'chef@example.fr', pseudo: 'ChefOps', role: 'ADMIN' });
      expect(created.generatedPassword).not.toBeNull();
      expect(isStrongPassword(created.generatedPassword!)).toBe(true);
      const user = await db.user.findUniqueOrThrow({ where: { id: created.id } });
      expect(user).toMatchObject({ status: 'ACTIVE', usernameKey: 'chefops', department: 'FR-06' });
      expect(await verifyPassword(created.generatedPassword!, user.passwordHash)).toBe(true);
      const audit = await db.auditLog.findFirstOrThrow({
        where: { action: 'user.create', targetId: String(created.id) },
      });
      expect(audit.data).toMatchObject({ role: 'ADMIN' });
    }, 60_000);

    it('keeps a given password and refuses duplicates and bad input', async () => {
      const created = await createUser(db, {
        email: 'redac@example.fr',
        pseudo: 'Redac_1',
        role: 'REDACTEUR',
        password: 'Given#Pass1',
        departement: 'FR-2A',
      });
      expect(created.generatedPassword).toBeNull();
      const user = await db.user.findUniqueOrThrow({ where: { id: created.id } });
      expect(user.department).toBe('FR-2A');
      expect(await verifyPassword('Given#Pass1', user.passwordHash)).toBe(true);
      await expect(
        createUser(db, { email: 'other@example.fr', pseudo: 'REDAC_1', role: 'ADMIN' }),
      ).rejects.toThrow(UserCommandError);
      await expect(
        createUser(db, { email: 'x@example.fr', pseudo: 'ok_name', role: 'BOSS' }),
      ).rejects.toThrow(/Rôle inconnu/);
      await expect(
        createUser(db, {
          email: 'x@example.fr',
          pseudo: 'ok_name',
          role: 'ADMIN',
          password: 'weak',
        }),
      ).rejects.toThrow(/Mot de passe/);
      await expect(
        createUser(db, { email: 'not-an-email', pseudo: 'ok_name', role: 'ADMIN' }),
      ).rejects.toThrow(/e-mail/);
      await expect(
        createUser(db, { email: 'y@example.fr', pseudo: '1234', role: 'ADMIN' }),
      ).rejects.toThrow(/Pseudo/);
    }, 60_000);

    it('changes a role, audited, and refuses an unknown account', async () => {
      const result = await changeRole(db, { email: 'REDAC@example.fr', role: 'moderateur' });
      expect(result).toMatchObject({ from: 'REDACTEUR', to: 'MODERATEUR' });
      const user = await db.user.findUniqueOrThrow({ where: { email: 'redac@example.fr' } });
      expect(user.role).toBe('MODERATEUR');
      const audit = await db.auditLog.findFirstOrThrow({
        where: { action: 'user.role', targetId: String(user.id) },
      });
      expect(audit.data).toMatchObject({ from: 'REDACTEUR', to: 'MODERATEUR' });
      await expect(changeRole(db, { email: 'nobody@example.fr', role: 'ADMIN' })).rejects.toThrow(
        UserCommandError,
      );
    });
  });
});
