import {
  CARPOOL_STATUS as S,
  GROUP_TEXTS as G,
  LIMITS,
  MESSAGING_TEXTS as M,
  type GroupListItem,
  type GroupMessage,
  type SendGroupMessageBody,
} from '@munegu/shared';
import { afterCommit, type Tx } from '../../db/tx.js';
import type { DomainEventMap } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import type { GroupMessageRow, GroupsRepository } from './groups.repository.js';

/** Pushes a group message to every socket of the given members (all tabs, all instances). */
export interface GroupNotifier {
  groupMessage(userIds: number[], event: GroupMessage): void;
}

export interface GroupsServiceDeps {
  repo: GroupsRepository;
  clock: Clock;
  notifier: GroupNotifier;
  budgets: AccountBudgets;
}

const PAGE = LIMITS.messagesPageSize;
const nameOf = (user: { username: string; status: string }) =>
  user.status === 'DELETED' ? M.unknownUser : user.username;

function toGroupMessage(row: GroupMessageRow, me: number): GroupMessage {
  return {
    id: row.id,
    groupId: row.groupId,
    senderId: row.senderId,
    senderName: nameOf({ username: row.senderName, status: row.senderStatus }),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    fromMe: row.senderId === me,
    annonce: row.announcement,
  };
}

/**
 * Group threads (issue 30). Membership follows the carpool: a confirmed relation puts its
 * driver and passenger in the car's group, a confirmed relation that ends (cancelled,
 * excluded, withdrawn) takes the passenger out, and the driver with their last passenger. A
 * coach trip's thread holds the antenna's organisers and the confirmed registrants, kept in
 * step by the trips' events inside their transactions. Live
 * messages go to the user rooms of the members at the time of sending, read in the same
 * request, so a member who left receives nothing from then on, on any instance.
 */
export function groupsService({ repo, clock, notifier, budgets }: GroupsServiceDeps) {
  /** 404 for a group the caller never belonged to (never reveal others'), 403 once left. */
  async function assertMember(callerId: number, groupId: number): Promise<void> {
    const membership = await repo.membership(groupId, callerId);
    if (membership === null) throw new AppError('NOT_FOUND', G.notFound);
    if (membership === 'left') throw new AppError('FORBIDDEN', G.notMember);
  }

  /**
   * The trip's thread, opened if it has none: a new one takes the antenna's organisers and the
   * confirmed registrants (a trip older than its thread, an announcement before any join).
   */
  async function tripGroup(tx: Tx, trip: { tripId: number; matchId: number; antennaId: number }) {
    const now = clock.now();
    const group = await repo.openTrip(tx, trip, now);
    if (group.created) {
      const members = [
        ...(await repo.organizersOf(tx, trip.antennaId)),
        ...(await repo.confirmedOf(tx, trip.tripId)),
      ];
      await repo.join(tx, group.id, [...new Set(members)], now);
    }
    return group.id;
  }

  return {
    /** tripCreated, inside the trip's transaction: its thread opens with the organisers. */
    async tripCreated({ tx, ...trip }: DomainEventMap['tripCreated']): Promise<void> {
      await tripGroup(tx, trip);
    },

    /**
     * tripRegistrationChanged, inside the registration's transaction: a member becoming
     * CONFIRME joins the thread; a CONFIRME going away (cancelled, withdrawn, trip cancelled)
     * leaves it, unless they organise the antenna's trips.
     */
    async tripRegistrationChanged(
      change: DomainEventMap['tripRegistrationChanged'],
    ): Promise<void> {
      const { tx, tripId, matchId, antennaId, userId, from, to } = change;
      if (to === 'CONFIRME' && from !== 'CONFIRME') {
        const groupId = await tripGroup(tx, { tripId, matchId, antennaId });
        await repo.join(tx, groupId, [userId], clock.now());
      } else if (from === 'CONFIRME' && to !== 'CONFIRME') {
        if ((await repo.organizersOf(tx, antennaId)).includes(userId)) return;
        await repo.leaveTrip(tx, tripId, [userId], clock.now());
      }
    },

    /**
     * tripOrganizersChanged, inside the ADMIN's transaction: in the threads of the antenna's
     * trips to come, the new organisers join and the removed ones leave (unless confirmed on
     * that trip: then they stay as a passenger).
     */
    async tripOrganizersChanged({
      tx,
      antennaId,
      added,
      removed,
    }: DomainEventMap['tripOrganizersChanged']): Promise<void> {
      const now = clock.now();
      for (const trip of await repo.upcomingTrips(tx, antennaId, now)) {
        const groupId = await tripGroup(tx, { tripId: trip.id, matchId: trip.matchId, antennaId });
        await repo.join(tx, groupId, added, now);
        const confirmed = new Set(await repo.confirmedOf(tx, trip.id));
        const leaving = removed.filter((id) => !confirmed.has(id));
        if (leaving.length > 0) await repo.leaveTrip(tx, trip.id, leaving, now);
      }
    },

    /**
     * An organiser's announcement (trips' notify module, whose caller checked the right), in
     * its transaction: stored in the trip's thread, whose member its sender becomes, and sent
     * live to the members once committed.
     */
    async announce(
      tx: Tx,
      input: {
        tripId: number;
        matchId: number;
        antennaId: number;
        senderId: number;
        content: string;
      },
    ): Promise<GroupMessage> {
      const groupId = await tripGroup(tx, input);
      // A moderator who is not one of the antenna's organisers joins the thread they write in,
      // so that they read it and its replies; for the others this changes nothing.
      await repo.join(tx, groupId, [input.senderId], clock.now());
      const row = await repo.appendAnnouncement(tx, {
        groupId,
        senderId: input.senderId,
        content: input.content,
        now: clock.now(),
      });
      const members = await repo.memberIds(groupId, tx);
      const live = () =>
        notifier.groupMessage(members, { ...toGroupMessage(row, input.senderId), fromMe: false });
      if (!afterCommit(tx, live)) setImmediate(live);
      return toGroupMessage(row, input.senderId);
    },

    /** carpoolRelationChanged, inside the carpool's transaction. */
    async carpoolChanged({
      tx,
      matchId,
      driverId,
      passengerId,
      from,
      to,
    }: DomainEventMap['carpoolRelationChanged']): Promise<void> {
      const car = { matchId, driverId };
      if (to === S.CONFIRME) await repo.joinCar(tx, car, [driverId, passengerId], clock.now());
      else if (from === S.CONFIRME) await repo.leaveCar(tx, car, passengerId, clock.now());
    },

    async memberRemoved(userId: number): Promise<void> {
      await repo.leaveAll(userId, clock.now());
    },

    async accountsRemoved(): Promise<void> {
      await repo.leaveDeleted(clock.now());
    },

    async list(callerId: number): Promise<GroupListItem[]> {
      const [groups, unread] = await Promise.all([
        repo.listFor(callerId),
        repo.unreadByGroup(callerId),
      ]);
      return groups.map((g) => ({
        id: g.id,
        kind: g.kind === 'deplacement' ? 'deplacement' : 'covoiturage',
        match: {
          id: g.match.id,
          domicile: g.match.homeClub.name,
          exterieur: g.match.awayClub.name,
          date: g.match.kickoffAt.toISOString(),
        },
        members: g.members.map(({ user }) => ({
          id: user.id,
          username: nameOf(user),
          avatar: user.status === 'DELETED' ? null : avatarUrl(user.avatarFile, user.avatarVersion),
          driver: user.id === g.driverId,
        })),
        unread: unread.get(g.id) ?? 0,
        lastMessageAt: g.lastMessageAt?.toISOString() ?? null,
        deplacement: g.trip ? { id: g.trip.id, antenne: g.trip.antenna.name } : null,
      }));
    },

    /** 20 messages older than the `offset` already loaded (0: the newest), oldest first. */
    async messages(callerId: number, groupId: number, offset: number): Promise<GroupMessage[]> {
      await assertMember(callerId, groupId);
      const page = await repo.page(groupId, offset, PAGE);
      return page.reverse().map((m) => toGroupMessage(m, callerId));
    },

    /**
     * Stored only for a current member (checked in the storing statement), then pushed live.
     * The members cannot block a group as they can a conversation: a budget per sender, and
     * one per group for what its members receive from all senders, stand in for that
     * (moderators can still silence). A non-member's attempt counts against their own only.
     */
    async send(
      callerId: number,
      groupId: number,
      { content, clientId }: SendGroupMessageBody,
    ): Promise<GroupMessage> {
      // A repeat of a send whose answer was lost: the stored message, before any budget, and
      // no second push (the members had it when it was stored).
      const earlier = async () => {
        const row = clientId ? await repo.findSent(callerId, clientId) : null;
        // One key per message: the same key in another group is a broken client.
        if (row && row.groupId !== groupId) throw new AppError('VALIDATION', M.invalidClientId);
        return row;
      };
      const repeat = await earlier();
      if (repeat) return toGroupMessage(repeat, callerId);
      await budgets.take('groupMessage', String(callerId));
      await assertMember(callerId, groupId);
      await budgets.take('groupMessagePerGroup', String(groupId));
      const now = clock.now();
      const row = await repo.append({ groupId, senderId: callerId, content, now, clientId });
      if (!row) {
        // Another attempt of this message stored it meanwhile; else a member when checked,
        // no longer one when storing: the refusal of one who left.
        const stored = await earlier();
        if (stored) return toGroupMessage(stored, callerId);
        throw new AppError('FORBIDDEN', G.notMember);
      }
      const members = await repo.memberIds(groupId);
      notifier.groupMessage(members, { ...toGroupMessage(row, callerId), fromMe: false });
      return toGroupMessage(row, callerId);
    },

    async markRead(callerId: number, groupId: number): Promise<void> {
      await assertMember(callerId, groupId);
      await repo.markRead(groupId, callerId, clock.now());
    },

    /** The caller's unread group messages (added to the navbar's messages badge). */
    unreadCount: (callerId: number) => repo.countUnread(callerId),
  };
}
export type GroupsService = ReturnType<typeof groupsService>;
