import type { EventEmitter } from '../../events/domain-events.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  CARPOOL_TEXTS as M,
  FORMER_MEMBER,
  isDeletedPseudo,
  isOtherReason,
  notificationMatchLabel,
  type AppNotification,
  type CarpoolNotification,
  type NotificationEvent,
  type NotificationMatch,
} from '@munegu/shared';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { MailService } from '../mail/mail.service.js';
import type { StopLinks } from '../predictions/reminder.service.js';
import { carpoolDigestMail, carpoolMail, kickoffMovedMail } from './carpool.mail.js';
import type { CarpoolRepository } from './carpool.repository.js';
import type { Blocks } from './blocks.js';
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
  /** Announces each pushed notification (push reaches the member's devices). */
  events: EventEmitter;
  transaction: RunInTransaction;
  clock: Clock;
  publicUrl: string;
  associationName: string;
  /** Blocks set in messaging: a blocked member's carpool events reach nobody. */
  blocks: Blocks;
  /** One carpool mail per sender and recipient within this window (CARPOOL_MAIL_WINDOW_MINUTES). */
  mailWindowMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * A notification written in a transaction, pushed live once that transaction commits; null when
 * nothing was written (the recipient blocked the sender).
 */
export type Recorded = {
  recipientId: number;
  event: NotificationEvent;
  /** A member's event, mailed after the commit under the mail window. */
  mail?: { senderId: number; id: number; statusId: number | null; matchId: number };
} | null;

const LIST_LIMIT = 50;
/** A summary mail lists at most the last week's events from that sender. */
const SUMMARY_HORIZON_MS = 7 * 24 * 3_600_000;
const note = (value: { toNumber(): number } | null) => (value ? value.toNumber() : null);

type MatchRow = {
  id: number;
  kickoffAt: Date;
  homeClub: { name: string };
  awayClub: { name: string };
};
const toMatch = (m: MatchRow | null | undefined): NotificationMatch | null =>
  m
    ? {
        id: m.id,
        domicile: m.homeClub.name,
        exterieur: m.awayClub.name,
        date: m.kickoffAt.toISOString(),
      }
    : null;

/** A deleted (anonymised) account: its 'Supprime_<id>' pseudo never reaches a bell or a mail. */
const isFormer = (u: { status: string; username: string }) =>
  u.status === 'DELETED' || isDeletedPseudo(u.username);
/** The sender as the bell and the mails name them. */
const senderName = (u: { status: string; username: string } | null | undefined) =>
  u ? (isFormer(u) ? FORMER_MEMBER : u.username) : 'Un membre';

/** The sender's card; a former member shows neither name nor photo. */
const senderRef = (u: {
  id: number;
  status: string;
  username: string;
  avatarFile: string | null;
  avatarVersion: number;
}) => ({
  id: u.id,
  username: senderName(u),
  profile_picture: isFormer(u) ? null : avatarUrl(u.avatarFile, u.avatarVersion),
});

export function notificationsService(deps: NotificationsDeps) {
  const { repo, carpool, clock } = deps;

  /** 'AS Monaco – FC Nantes du 29/11' for each match id (mails name their match). */
  async function matchLabels(tx: Tx, ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const rows = wanted.length ? await repo.matchesByIds(tx, wanted) : [];
    return new Map(rows.map((m) => [m.id, notificationMatchLabel(toMatch(m)!)]));
  }

  /** Where a carpool mail goes, and with which stop link. */
  async function mailTarget(tx: Tx, recipientId: number) {
    const recipient = await carpool.memberForMail(recipientId, tx);
    if (!recipient?.appMailOptIn || recipient.status !== 'ACTIVE') return null;
    return { ...recipient, stop: await deps.stopLinks.link(recipient.id, 'application', tx) };
  }

  /**
   * At most one mail per sender, recipient and window: a member proposing and cancelling in a
   * loop fills the bell (which shows the latest state) but not the mailbox. The first event
   * after a quiet window mails at once; events inside the window wait for the next mail,
   * which lists them all.
   */
  async function mailCoalesced(
    tx: Tx,
    recipientId: number,
    senderId: number,
    row: { id: number; statusId: number | null; matchId: number | null } | null,
  ): Promise<boolean> {
    const now = clock.now();
    await repo.lockMailPair(tx, recipientId, senderId);
    const last = await repo.lastMailedAt(tx, recipientId, senderId);
    // Inside the window: the scheduled run (sendDueDigests) mails it once the window ends.
    if (last && now.getTime() - last.getTime() < deps.mailWindowMs) return false;
    // Every row left unmailed inside earlier windows, this one included; never older than the
    // summary horizon (the bell told of those).
    const since = new Date(now.getTime() - SUMMARY_HORIZON_MS);
    const unmailed = (await repo.unmailed(tx, recipientId, senderId, since)).map((p) => ({
      id: p.id,
      statusId: p.statusId,
      matchId: p.relation?.matchId ?? p.matchId,
    }));
    const pending = !row || unmailed.some((p) => p.id === row.id) ? unmailed : [...unmailed, row];
    if (pending.length === 0) return false;
    const target = await mailTarget(tx, recipientId);
    if (!target) {
      // Not mailed, ever: marking them keeps them out of a later summary if they opt in again.
      await repo.markMailed(
        tx,
        pending.map((p) => p.id),
        now,
      );
      return false;
    }
    const sender = senderName(await carpool.member(senderId, tx));
    const statuses = pending.map((p) => p.statusId ?? 0);
    const labels = await matchLabels(
      tx,
      pending.map((p) => p.matchId),
    );
    const matches = pending.map((p) =>
      p.matchId === null ? null : (labels.get(p.matchId) ?? null),
    );
    const content =
      statuses.length > 1
        ? carpoolDigestMail(
            target.username,
            sender,
            statuses,
            deps.publicUrl,
            target.stop,
            deps.associationName,
            matches,
          )
        : carpoolMail(
            target.username,
            sender,
            statuses[0] ?? 0,
            deps.publicUrl,
            target.stop,
            deps.associationName,
            matches[0],
          );
    await deps.mail.enqueue({ to: target.email, ...content, kind: 'carpool-notification' }, tx);
    await repo.markMailed(
      tx,
      pending.map((p) => p.id),
      now,
    );
    return true;
  }

  /**
   * Writes the bell row and, for members who opted in, the mail (outbox, same transaction).
   * Nothing at all when the recipient blocked the sender in messaging: null, nothing to push.
   */
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
    if (
      input.senderId !== null &&
      (await deps.blocks.blocked(input.recipientId, input.senderId, tx))
    )
      return null;
    const row = await repo.create(tx, {
      recipientId: input.recipientId,
      senderId: input.senderId,
      type,
      relationId: input.relationId ?? null,
      statusId: input.statusId ?? null,
      statusChangeId: input.statusChangeId ?? null,
      matchId: type === 'HORAIRE' ? input.matchId : null,
    });
    if (type === 'COVOIT' && input.senderId !== null) {
      // Mailed after the commit (push): the mail window's reads and lock stay out of the
      // transaction that takes seats, which every accept of a driver's carpool queues on.
      return {
        recipientId: input.recipientId,
        event: { id: row.id, type, matchId: input.matchId },
        mail: {
          senderId: input.senderId,
          id: row.id,
          statusId: input.statusId ?? null,
          matchId: input.matchId,
        },
      };
    } else {
      // An operator's or the system's news (a moved kickoff): mailed as it happens.
      const target = await mailTarget(tx, input.recipientId);
      if (target) {
        const match = (await matchLabels(tx, [input.matchId])).get(input.matchId) ?? null;
        const content =
          type === 'HORAIRE' && input.kickoff
            ? kickoffMovedMail(
                target.username,
                input.kickoff,
                deps.publicUrl,
                target.stop,
                deps.associationName,
                match,
              )
            : carpoolMail(
                target.username,
                'Un membre',
                input.statusId ?? 0,
                deps.publicUrl,
                target.stop,
                deps.associationName,
                match,
              );
        await deps.mail.enqueue({ to: target.email, ...content, kind: 'carpool-notification' }, tx);
      }
      await repo.markMailed(tx, [row.id], clock.now());
    }
    return { recipientId: input.recipientId, event: { id: row.id, type, matchId: input.matchId } };
  }

  /**
   * After the commit: the member-to-member mails (each in a short transaction of its own, under
   * the pair's mail window), then the recipients' open tabs refetch their bell within a second.
   * A mail that fails here stays unmailed on its row, and the scheduled run sends it.
   */
  async function push(records: Recorded[]): Promise<void> {
    for (const r of records) {
      if (!r) continue;
      if (r.mail) {
        const { senderId, ...row } = r.mail;
        try {
          await deps.transaction((tx) => mailCoalesced(tx, r.recipientId, senderId, row));
        } catch (err) {
          deps.log.warn({ err, notificationId: row.id }, 'carpool mail left to the scheduled run');
        }
      }
      deps.pusher.notification(r.recipientId, r.event);
      await deps.events.emit('carpoolNotified', { userId: r.recipientId, event: r.event });
    }
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
        sender: row.sender ? senderRef(row.sender) : null,
        date: row.createdAt.toISOString(),
        read: row.readAt !== null,
        kickoff: row.type === 'HORAIRE' ? (row.match?.kickoffAt.toISOString() ?? null) : null,
        match: toMatch(row.relation?.match ?? row.match),
        deplacement:
          row.type === 'DEPLACEMENT' && row.trip && row.tripEvent
            ? {
                id: row.trip.id,
                antenne: row.trip.antenna.name,
                evenement: row.tripEvent,
                depart_heure: row.trip.departureAt.toISOString(),
                depart_lieu: row.trip.departurePlace,
                retour_heure: row.trip.returnAt?.toISOString() ?? null,
                groupe_id: row.trip.group?.id ?? null,
              }
            : null,
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
        ? isOtherReason(change.reason?.label) && change.customReason
          ? change.customReason
          : (change.reason?.label ?? null)
        : null;
      const rel = row.relation;
      return {
        id: row.id,
        date: row.createdAt.toISOString(),
        statut: { id: row.statusId },
        triggeredBy: row.sender
          ? { ...senderRef(row.sender), note_covoiturage: note(row.sender.carpoolRating) }
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

    /**
     * `answerer` has accepted or refused a proposal or request: its row leaves their bell,
     * wherever they answered from (the bell's popup deletes its own; the map did not), as
     * spec section 4 has it: removed once acted on. A withdrawal by its sender is not the
     * recipient's act: their row stays, beside the new one that says so.
     */
    async settle(tx: Tx, answerer: number, relationId: number): Promise<void> {
      await repo.settlePending(tx, answerer, relationId, clock.now());
    },

    async remove(me: number, id: number): Promise<void> {
      if (!(await repo.softDelete(id, me, clock.now()))) {
        throw new AppError('NOT_FOUND', M.notificationNotFound);
      }
    },

    /**
     * The scheduled run: the mails held back by the window whose window has ended, one per
     * sender and recipient, listing what happened. Returns how many were queued.
     */
    async sendDueDigests(): Promise<number> {
      const now = clock.now().getTime();
      const pairs = await repo.pairsDue(
        new Date(now - SUMMARY_HORIZON_MS),
        new Date(now - deps.mailWindowMs),
      );
      let sent = 0;
      for (const { recipientId, senderId } of pairs) {
        if (await deps.transaction((tx) => mailCoalesced(tx, recipientId, senderId, null)))
          sent += 1;
      }
      return sent;
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
      await push(records);
      return records.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
