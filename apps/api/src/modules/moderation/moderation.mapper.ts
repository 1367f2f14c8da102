import { MONACO_CLUB_ID, type ModerationReport } from '@munegu/shared';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { ModerationRepository, ReportRow } from './moderation.repository.js';

type Repo = Pick<ModerationRepository, 'relations' | 'messages' | 'groupMessages'>;

/**
 * Reports as the queue shows them. What each one points at (a carpool's match, a private or
 * group message's text) is read in batched queries for the whole page, not one per report.
 */
export async function toReports(repo: Repo, rows: ReportRow[]): Promise<ModerationReport[]> {
  const idsOf = (type: string) =>
    rows.filter((r) => r.contextType === type && r.contextId !== null).map((r) => r.contextId!);
  const [relations, messages, groupMessages] = await Promise.all([
    repo.relations(idsOf('carpool_relation')),
    repo.messages(idsOf('message')),
    repo.groupMessages(idsOf('group_message')),
  ]);
  const matchOf = new Map(
    relations.map(({ id, match: m }) => [
      id,
      {
        kickoffAt: m.kickoffAt.toISOString(),
        opponent: m.homeClubId === MONACO_CLUB_ID ? m.awayClub.name : m.homeClub.name,
      },
    ]),
  );
  const texts = {
    message: new Map(messages.map((m) => [m.id, m.content])),
    group_message: new Map(groupMessages.map((m) => [m.id, m.content])),
  };
  const textOf = (type: string | null, id: number | null) =>
    (type === 'message' || type === 'group_message' ? texts[type].get(id ?? 0) : null) ?? null;
  return rows.map((r) => {
    const u = r.reportedUser;
    return {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      section: r.section,
      reason: r.reason.label,
      customReason: r.customReason,
      reported: {
        id: u.id,
        pseudo: u.username,
        avatar: avatarUrl(u.avatarFile, u.avatarVersion),
        role: u.role,
        status: u.status,
        suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
      },
      reporter: { id: r.reporter.id, pseudo: r.reporter.username },
      context: {
        type: r.contextType,
        id: r.contextId,
        match: (r.contextType === 'carpool_relation' && matchOf.get(r.contextId ?? 0)) || null,
        messageText: textOf(r.contextType, r.contextId),
      },
      handledBy: r.handledBy && { id: r.handledBy.id, pseudo: r.handledBy.username },
      handledAt: r.handledAt?.toISOString() ?? null,
    };
  });
}
