import {
  CARPOOL_MESSAGES as M,
  type AppNotification,
  type CarpoolNotification,
  type NotificationEvent,
} from '@munegu/shared';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { MailService } from '../mail/mail.service.js';
import type { StopLinks } from '../predictions/reminder.service.js';
import { carpoolMail, kickoffMovedMail } from './carpool.mail.js';
import type { CarpoolRepository } from './carpool.repository.js';
import type { NotificationsRepository } from './notifications.repository.js';
import { toRelation } from './relation.mapper.js';

/** Pushes a live event to every socket of a member (all tabs, all instances). */
export interface NotificationPusher {
  notification(userId: number, event: NotificationEvent): void;
}

export interface NotificationsDeps {
  repo: NotificationsRepository;
  carpool: CarpoolRepository;
  mail: Pick<MailService, 'enqueue'>;
  stopLinks: StopLinks;
  pusher: NotificationPusher;
  transaction: RunInTransaction;
  clock: Clock;
  publicUrl: string;
  associationName: string;
}

/** A notification written in a transaction, pushed live once that transaction commits. */
export interface Recorded {
  recipientId: number;
  event: NotificationEvent;
}

const LIST_LIMIT = 50;
const note = (value: { toNumber(): number } | null) => (value ? value.toNumber() : null);

export function notificationsService(deps: NotificationsDeps) {
  const { repo, carpool, clock } = deps;

  /** Writes the bell row and, for members who opted in, the mail (outbox, same transaction). */
  async function record(
    tx: Tx,
    input: {
      recipientId: number;
      senderId: number | null;
      relationId?: number;
      statusId?: number;
      statusChangeId?: number;
      matchId: number;
      type?: 'COVOIT' | 'HORAIRE';
      kickoff?: Date;
    },
  ): Promise<Recorded> {
    const type = input.type ?? 'COVOIT';
    const row = await repo.create(tx, {
      recipientId: input.recipientId,
      senderId: input.senderId,
      type,
      relationId: input.relationId ?? null,
      statusId: input.statusId ?? null,
      statusChangeId: input.statusChangeId ?? null,
      matchId: type === 'HORAIRE' ? input.matchId : null,
    });
    const recipient = await carpool.memberForMail(input.recipientId, tx);
    if (recipient?.notifMailAppli && recipient.status === 'ACTIVE') {
      const stop = await deps.stopLinks.link(recipient.id, 'application', tx);
      const sender = input.senderId ? await carpool.member(input.senderId, tx) : null;
      const content =
        type === 'HORAIRE' && input.kickoff
          ? kickoffMovedMail(
              recipient.pseudo,
              input.kickoff,
              deps.publicUrl,
              stop,
              deps.associationName,
            )
          : carpoolMail(
              recipient.pseudo,
              sender?.pseudo ?? 'Un membre',
              input.statusId ?? 0,
              deps.publicUrl,
              stop,
              deps.associationName,
            );
      await deps.mail.enqueue(
        { to: recipient.email, ...content, kind: 'carpool-notification' },
        tx,
      );
    }
    return { recipientId: input.recipientId, event: { id: row.id, type, matchId: input.matchId } };
  }

  /** After the commit: the recipients' open tabs refetch their bell within a second. */
  function push(records: Recorded[]): void {
    for (const r of records) deps.pusher.notification(r.recipientId, r.event);
  }

  return {
    record,
    push,

    async list(me: number): Promise<AppNotification[]> {
      const rows = await repo.listFor(me, LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        type_notification: row.type,
        notification_covoiturage_id: row.relationId,
        statut: row.statusId ? { id: row.statusId } : null,
        match_id: row.relation?.matchId ?? row.match?.id ?? null,
        sender: row.sender
          ? {
              id: row.sender.id,
              username: row.sender.pseudo,
              profile_picture: avatarUrl(row.sender.avatarFile, row.sender.avatarVersion),
            }
          : null,
        date: row.createdAt.toISOString(),
        read: row.readAt !== null,
        kickoff: row.type === 'HORAIRE' ? (row.match?.kickoffAt.toISOString() ?? null) : null,
      }));
    },

    /** The popup of a carpool notification; opening it marks it read. */
    async detail(me: number, id: number): Promise<CarpoolNotification> {
      const row = await repo.detailFor(id, me);
      if (!row || !row.relation || row.statusId === null) {
        throw new AppError('NOT_FOUND', M.notificationNotFound);
      }
      await repo.markRead(row.id, clock.now());
      const change = row.statusChange;
      const motif = change
        ? change.reason?.label.toLowerCase() === 'autre' && change.customReason
          ? change.customReason
          : (change.reason?.label ?? null)
        : null;
      const rel = row.relation;
      return {
        id: row.id,
        date: row.createdAt.toISOString(),
        statut: { id: row.statusId },
        triggeredBy: row.sender
          ? {
              id: row.sender.id,
              username: row.sender.pseudo,
              profile_picture: avatarUrl(row.sender.avatarFile, row.sender.avatarVersion),
              note_covoiturage: note(row.sender.noteCovoiturage),
            }
          : null,
        userToUserMatch: toRelation(rel),
        vehicule: { places_dispo: await repo.driverSeats(rel.driverId, rel.matchId) },
        motif,
        currentStatut: rel.statusId,
      };
    },

    async markRead(me: number, id: number): Promise<void> {
      if (!(await repo.markReadFor(id, me, clock.now()))) {
        throw new AppError('NOT_FOUND', M.notificationNotFound);
      }
    },

    async remove(me: number, id: number): Promise<void> {
      if (!(await repo.softDelete(id, me, clock.now()))) {
        throw new AppError('NOT_FOUND', M.notificationNotFound);
      }
    },

    /**
     * An operator moved a kickoff: everyone with a pending or confirmed carpool for the match
     * hears of it (bell, live, mail when opted in).
     */
    async kickoffMoved(matchId: number, kickoff: Date): Promise<number> {
      const members = await repo.membersWithCarpool(matchId);
      if (members.length === 0) return 0;
      const records = await deps.transaction(async (tx) => {
        const out: Recorded[] = [];
        for (const recipientId of members) {
          out.push(
            await record(tx, { recipientId, senderId: null, matchId, type: 'HORAIRE', kickoff }),
          );
        }
        return out;
      });
      push(records);
      return records.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
