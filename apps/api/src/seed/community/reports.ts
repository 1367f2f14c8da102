import type { Db } from '../../db/client.js';
import { pairKeyOf } from '../../modules/messages/messages.repository.js';
import { demoMemberPseudo } from './members.js';
import { hoursBefore, type Ids } from './helpers.js';

// The moderators' queue on first start: a few open reports, one member reported three
// times, another twice, with a history (a warning, a short suspension that ended by itself)
// so the member pages are not empty either.

/** The demo moderator of demo.ts, who handled the past cases. */
const MODERATOR_PSEUDO = 'moderateur_demo';

interface ReportPlan {
  by: string;
  about: string;
  section: 'profil' | 'covoiturage' | 'message';
  /** A reason label of that section (reference.ts). */
  reason: string;
  hoursAgo: number;
  customReason?: string;
  /**
   * For a message report: what the reported member wrote to the reporter shortly before (a
   * message request), which the report points at, so the moderators read it on the card.
   */
  message?: string;
  /** Handled by the demo moderator this many hours ago (REVIEWED); open otherwise. */
  reviewedHoursAgo?: number;
}

const REPORTS: readonly ReportPlan[] = [
  {
    by: 'lucas98',
    about: 'enzo',
    section: 'message',
    reason: 'Propos injurieux ou haineux',
    hoursAgo: 5,
    message: 'T’es vraiment le pire supporter du club, reste chez toi samedi.',
  },
  {
    by: 'camille',
    about: 'enzo',
    section: 'message',
    reason: 'Harcèlement',
    hoursAgo: 30,
    message: 'Pourquoi tu ne réponds pas ? Je t’ai écrit dix fois, réponds-moi.',
  },
  {
    by: 'manon',
    about: 'enzo',
    section: 'profil',
    reason: 'Propos injurieux ou haineux',
    hoursAgo: 52,
  },
  {
    by: 'theo_asm',
    about: 'mathieu',
    section: 'covoiturage',
    reason: 'Ne s’est pas présenté',
    hoursAgo: 20,
  },
  { by: 'lea', about: 'mathieu', section: 'covoiturage', reason: 'Retard important', hoursAgo: 70 },
  { by: 'nathan', about: 'ines', section: 'profil', reason: 'Spam ou publicité', hoursAgo: 9 },
  // The case behind enzo's warning, three weeks ago.
  {
    by: 'hugo06',
    about: 'enzo',
    section: 'message',
    reason: 'Propos injurieux ou haineux',
    hoursAgo: 24 * 21 + 4,
    message: 'Les supporters comme toi, on n’en veut pas au virage.',
    reviewedHoursAgo: 24 * 21,
  },
];

const DAY_HOURS = 24;

/**
 * A message request from `from` to `to` (a new conversation, not accepted), or one more
 * message in their conversation if they already have one; the message's id.
 */
async function requestMessage(
  db: Db,
  m: { from: number; to: number; content: string; at: Date },
): Promise<number> {
  const pairKey = pairKeyOf(m.from, m.to);
  const conversation =
    (await db.conversation.findUnique({ where: { pairKey }, select: { id: true } })) ??
    (await db.conversation.create({
      data: { user1Id: m.from, user2Id: m.to, pairKey, createdAt: m.at, lastMessageAt: m.at },
      select: { id: true },
    }));
  const message = await db.message.create({
    data: {
      conversationId: conversation.id,
      senderId: m.from,
      receiverId: m.to,
      content: m.content,
      createdAt: m.at,
    },
    select: { id: true },
  });
  return message.id;
}

/**
 * Reports and past sanctions of the demo community. Idempotent: a report is written only
 * where its reporter, member and section have none, a past sanction only where the member
 * has no audit row of that action.
 */
export async function seedReports(db: Db, now: Date, ids: Ids): Promise<void> {
  const moderator = await db.user.findUnique({
    where: { usernameKey: MODERATOR_PSEUDO },
    select: { id: true },
  });
  if (!moderator) return;
  const reasons = await db.reason.findMany({
    where: { kind: 'SIGNALEMENT' },
    select: { id: true, section: true, label: true },
  });
  const reasonOf = (section: string, label: string) =>
    reasons.find((r) => r.section === section && r.label === label)?.id;

  for (const plan of REPORTS) {
    const reporterId = ids.get(plan.by);
    const reportedUserId = ids.get(plan.about);
    const reasonId = reasonOf(plan.section, plan.reason);
    if (!reporterId || !reportedUserId || !reasonId) continue;
    const exists = await db.report.count({
      where: { reporterId, reportedUserId, section: plan.section },
    });
    if (exists > 0) continue;
    const reviewed = plan.reviewedHoursAgo !== undefined;
    const messageId =
      plan.message &&
      (await requestMessage(db, {
        from: reportedUserId,
        to: reporterId,
        content: plan.message,
        at: hoursBefore(now, plan.hoursAgo + 0.5),
      }));
    await db.report.create({
      data: {
        reporterId,
        reportedUserId,
        reasonId,
        section: plan.section,
        customReason: plan.customReason ?? null,
        ...(messageId ? { contextType: 'message', contextId: messageId } : {}),
        createdAt: hoursBefore(now, plan.hoursAgo),
        status: reviewed ? 'REVIEWED' : 'OPEN',
        handledById: reviewed ? moderator.id : null,
        handledAt: reviewed ? hoursBefore(now, plan.reviewedHoursAgo!) : null,
      },
    });
  }

  const enzo = ids.get('enzo');
  const mathieu = ids.get('mathieu');
  const suspendedAt = hoursBefore(now, 40 * DAY_HOURS);
  const until = hoursBefore(now, 37 * DAY_HOURS);
  const history = [
    enzo && {
      userId: enzo,
      label: demoMemberPseudo('enzo'),
      action: 'moderation.user.warn',
      actorId: moderator.id,
      createdAt: hoursBefore(now, 21 * DAY_HOURS),
      data: {
        pseudo: demoMemberPseudo('enzo'),
        reason: 'Messages agressifs envers un autre supporter après le match.',
      },
    },
    mathieu && {
      userId: mathieu,
      label: demoMemberPseudo('mathieu'),
      action: 'moderation.user.suspend',
      actorId: moderator.id,
      createdAt: suspendedAt,
      data: {
        pseudo: demoMemberPseudo('mathieu'),
        reason: 'Absent deux fois sans prévenir à un covoiturage confirmé.',
        days: 3,
        until: until.toISOString(),
      },
    },
    mathieu && {
      userId: mathieu,
      label: demoMemberPseudo('mathieu'),
      action: 'moderation.user.lift',
      actorId: null,
      createdAt: until,
      data: { automatic: true, until: until.toISOString() },
    },
  ];
  for (const row of history) {
    if (!row) continue;
    const target = { targetType: 'user', targetId: String(row.userId) };
    if (await db.auditLog.count({ where: { ...target, action: row.action } })) continue;
    await db.auditLog.create({
      data: {
        ...target,
        targetLabel: row.label,
        action: row.action,
        actorId: row.actorId,
        createdAt: row.createdAt,
        data: row.data,
      },
    });
  }
}
