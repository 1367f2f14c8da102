import { JOURNAL_TEXTS, matchLabel } from '@munegu/shared';
import type { Db } from '../db/client.js';
import type { Prisma } from '../generated/prisma/client.js';
import { demoMemberPseudo } from './community/index.js';
import { DEMO_PARTNER } from './demo-site.js';
import type { DemoAccount } from './index.js';

const DAY_MS = 86_400_000;
const MARKER = 'demo.journal-seeded';

/**
 * A past for the demo's journal (Administration › Journal): what the demo staff did before the
 * first start, consistent with the demo data as it is (the roles, scores, kickoffs, news and
 * partner offer the seed wrote; the sanctions are over). Written once (a marker row): later
 * starts add nothing, and what the demo users do appends to it.
 */
export async function seedDemoJournal(
  db: Db,
  now: Date,
  staff: Map<DemoAccount['role'], number>,
): Promise<void> {
  if (await db.siteSetting.findUnique({ where: { key: MARKER } })) return;
  const admin = staff.get('ADMIN')!;
  const moderator = staff.get('MODERATEUR')!;
  const editor = staff.get('REDACTEUR')!;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3.6e6);
  const rows: Prisma.AuditLogCreateManyInput[] = [];
  const add = (
    createdAt: Date,
    actorId: number | null,
    action: string,
    target: { type: string; id: number | string | null; label: string | null },
    data: Prisma.InputJsonValue,
  ) =>
    rows.push({
      createdAt,
      actorId,
      action,
      targetType: target.type,
      targetId: target.id === null ? null : String(target.id),
      targetLabel: target.label,
      data,
    });

  const editorAccount = await db.user.findUniqueOrThrow({ where: { id: editor } });
  add(ago(40), admin, 'user.role', user(editorAccount), { from: 'UTILISATEUR', to: 'REDACTEUR' });
  add(ago(38), admin, 'site.partner', site(), {
    from: { code: null, url: null },
    to: DEMO_PARTNER,
  });

  // The scores of the two latest played matches, entered after the final whistle.
  const played = await db.match.findMany({
    where: { finishedAt: { not: null, lte: now } },
    orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
    take: 2,
    include: { homeClub: true, awayClub: true },
  });
  for (const m of played)
    add(m.finishedAt!, moderator, 'match.score', matchTarget(m), {
      from: null,
      to: { buts_dom: m.homeGoals, buts_ext: m.awayGoals },
    });
  // The next match was put back a day when the league fixed its schedule.
  const next = await db.match.findFirst({
    where: { finishedAt: null, kickoffAt: { gt: now } },
    orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
    include: { homeClub: true, awayClub: true },
  });
  if (next) {
    const before = new Date(next.kickoffAt.getTime() - DAY_MS);
    add(ago(6), admin, 'match.update', matchTarget({ ...next, kickoffAt: before }), {
      changed: ['coup_envoi'],
      before: { coup_envoi: before.toISOString() },
      after: { coup_envoi: next.kickoffAt.toISOString() },
    });
  }

  for (const n of await db.news.findMany({ where: { authorId: editor } }))
    add(
      n.publishedAt,
      editor,
      'news.create',
      { type: 'news', id: n.id, label: n.title },
      {
        titre: n.title,
      },
    );

  // Sanctions on community members, all over by now.
  const members = new Map(
    (
      await db.user.findMany({
        where: { username: { in: ['theo_asm', 'enzo', 'julien'].map(demoMemberPseudo) } },
      })
    ).map((u) => [u.username, u]),
  );
  const theo = members.get(demoMemberPseudo('theo_asm'));
  const enzo = members.get(demoMemberPseudo('enzo'));
  const julien = members.get(demoMemberPseudo('julien'));
  if (theo)
    add(ago(3, 5), moderator, 'moderation.user.warn', user(theo), {
      pseudo: theo.username,
      reason: 'Propos déplacés envers un autre supporter dans une conversation.',
    });
  if (enzo) {
    const until = ago(9);
    add(ago(12), moderator, 'moderation.user.suspend', user(enzo), {
      pseudo: enzo.username,
      reason: 'Insultes répétées après le match, malgré un avertissement.',
      days: 3,
      until: until.toISOString(),
    });
    add(until, null, 'moderation.user.lift', user(enzo), {
      automatic: true,
      until: until.toISOString(),
    });
  }
  if (julien) {
    add(ago(8), moderator, 'moderation.user.silence', user(julien), {
      reason: 'Messages publicitaires envoyés à plusieurs membres.',
      days: 7,
      until: ago(1).toISOString(),
    });
    add(ago(5), admin, 'moderation.user.lift', user(julien), {
      lifted: 'silence',
      reason: 'Il s’est excusé et a retiré ses annonces.',
    });
  }

  await db.$transaction([
    db.auditLog.createMany({ data: rows }),
    db.siteSetting.create({ data: { key: MARKER, value: 'true' } }),
  ]);
}

const user = (u: { id: number; username: string }) => ({
  type: 'user',
  id: u.id,
  label: u.username,
});
const site = () => ({ type: 'site-setting', id: 'partner', label: JOURNAL_TEXTS.partnerOffer });
const matchTarget = (m: {
  id: number;
  kickoffAt: Date;
  homeClub: { name: string };
  awayClub: { name: string };
}) => ({
  type: 'match',
  id: m.id,
  label: matchLabel(m.homeClub.name, m.awayClub.name, m.kickoffAt),
});
