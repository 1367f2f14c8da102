import { writeAuditRow } from '../../db/audit.js';
import type { Db } from '../../db/client.js';

/** Birth date kept on anonymised accounts (the column is required). */
const PLACEHOLDER_BIRTH_DATE = new Date('1900-01-01T00:00:00Z');
/** Not an argon2 encoding: verifyPassword() is false for every password. */
const UNUSABLE_HASH = '!deleted';

/**
 * Another member's step in one of the member's carpools, for the export: whether it filed a
 * report is left out, as nothing in the product tells a member who reported them (its reason
 * stays: the cancelled-carpool popup shows it to them).
 */
const othersStep = <T extends { withReport: boolean }>({ withReport: _, ...step }: T) => step;

/** Anonymisation, the inactivity purge and the personal-data export. */
export function privacyRepository(db: Db) {
  return {
    findAvatar: (id: number) =>
      db.user.findUnique({ where: { id }, select: { avatarFile: true, status: true } }),

    /**
     * One transaction: the account keeps its id (so other members' carpools, predictions
     * rankings and conversations stay whole) but loses everything that identifies a person.
     */
    anonymise: (userId: number, now: Date, reason: string) =>
      db.$transaction(async (tx) => {
        const pseudo = `Supprime_${userId}`;
        // Read before it is erased: the contact form stores the address typed, not the account.
        const before = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
        const { count } = await tx.user.updateMany({
          where: { id: userId, status: { not: 'DELETED' } },
          data: {
            status: 'DELETED',
            username: pseudo,
            usernameKey: pseudo.toLowerCase(),
            firstName: 'Utilisateur',
            lastName: 'SUPPRIME',
            email: `deleted-${userId}@invalid`,
            passwordHash: UNUSABLE_HASH,
            birthDate: PLACEHOLDER_BIRTH_DATE,
            avatarFile: null,
            avatarVersion: { increment: 1 },
            position: null,
            description: null,
            xUsername: null,
            instaUsername: null,
            appMailOptIn: false,
            promoMailOptIn: false,
            inactivityWarnedAt: null,
            // A moderator's reasons are free text about the person: they go with the rest, and
            // a deleted account is under no sanction (nobody is left to lift it from).
            suspendedUntil: null,
            suspendedByRole: null,
            suspensionReason: null,
            silencedUntil: null,
            silenceReason: null,
            silencedByRole: null,
            deletedAt: now,
          },
        });
        if (count !== 1 || !before) return false;
        await tx.userAntenna.deleteMany({ where: { userId } });
        // The member's contact messages carry their name, address and IP. Staff read them in
        // the association's mailbox (the forwarded mail); the table only serves this member's
        // export, so the rows go rather than being blanked.
        await tx.contactMessage.deleteMany({
          where: { OR: [{ userId }, { email: { equals: before.email, mode: 'insensitive' } }] },
        });
        await tx.userTitle.deleteMany({ where: { userId } });
        // The phone typed for a coach is the organisers' only copy: it goes from every list,
        // also of coaches already gone (the trips module withdraws the others afterwards).
        await tx.tripRegistration.updateMany({ where: { userId }, data: { phone: null } });
        // No longer anyone's organiser: a 'Supprime_N' left among an antenna's organisers
        // would also make the administrators' list unsavable as shown (it takes live members).
        await tx.antennaOrganizer.deleteMany({ where: { userId } });
        // Answers for matches to come would keep counting on the MuneguMap (its counts are
        // kept by triggers on these rows). A match already kicked off keeps them: its
        // carpools, kept as history, show the driver's answer.
        const upcoming = { userId, match: { kickoffAt: { gt: now }, finishedAt: null } };
        await tx.presence.deleteMany({ where: upcoming });
        await tx.rideSearch.deleteMany({ where: upcoming });
        await tx.emailToken.deleteMany({ where: { userId } });
        await tx.session.updateMany({
          where: { userId, revokedAt: null },
          data: { revokedAt: now, revokedReason: 'account-deleted' },
        });
        await writeAuditRow(tx, {
          actorId: reason === 'request' ? userId : null,
          action: 'user.anonymise',
          targetType: 'user',
          targetId: String(userId),
          // No name: the row must not keep the pseudo the anonymisation erases.
          targetLabel: null,
          data: { reason },
        });
        return true;
      }),

    /** Active accounts idle since before `idleSince` that were not warned yet. */
    findToWarn: (idleSince: Date, take: number) =>
      db.user.findMany({
        where: { status: 'ACTIVE', lastActivityAt: { lt: idleSince }, inactivityWarnedAt: null },
        select: { id: true, username: true, email: true },
        orderBy: { id: 'asc' },
        take,
      }),

    /** Marks the warning only if the account is still idle and unwarned (a login may race). */
    async markWarned(userId: number, idleSince: Date, now: Date): Promise<boolean> {
      const { count } = await db.user.updateMany({
        where: {
          id: userId,
          status: 'ACTIVE',
          lastActivityAt: { lt: idleSince },
          inactivityWarnedAt: null,
        },
        data: { inactivityWarnedAt: now },
      });
      return count === 1;
    },

    /**
     * Active accounts idle since before `idleSince` and warned before `warnedBefore`, and
     * sign-ups never confirmed since before `idleSince` (no confirmed mailbox to warn).
     */
    findToPurge: (idleSince: Date, warnedBefore: Date, take: number) =>
      db.user.findMany({
        where: {
          lastActivityAt: { lt: idleSince },
          OR: [
            { status: 'ACTIVE', inactivityWarnedAt: { lte: warnedBefore } },
            { status: 'PENDING' },
          ],
        },
        select: { id: true },
        orderBy: { id: 'asc' },
        take,
      }),

    /** Everything stored about a member, for GET /users/me/export (never hashes or tokens). */
    async exportData(userId: number) {
      const user = await db.user.findUnique({
        where: { id: userId },
        omit: { passwordHash: true, usernameKey: true },
      });
      if (!user) return null;
      const other = { select: { id: true, username: true } } as const;
      // Each section of the file is one query; they run side by side.
      const sections = {
        antennes: db.userAntenna.findMany({ where: { userId }, include: { antenna: true } }),
        titres: db.userTitle.findMany({ where: { userId }, include: { title: true } }),
        presences: db.presence.findMany({ where: { userId }, include: { transportType: true } }),
        recherches: db.rideSearch.findMany({ where: { userId } }),
        covoiturages: db.carpoolRelation
          .findMany({
            where: { OR: [{ user1Id: userId }, { user2Id: userId }] },
            include: { status: true, driver: other, passenger: other, changes: true },
          })
          .then((rows) =>
            rows.map((row) => ({
              ...row,
              changes: row.changes.map((c) => (c.byUserId === userId ? c : othersStep(c))),
            })),
          ),
        notesDonnees: db.carpoolRating.findMany({
          where: { raterId: userId },
          include: { rated: other },
        }),
        // The stars only: who gave them is told nowhere (the profile shows the average), and
        // the carpool or the date would name them as well.
        notesRecues: db.carpoolRating.findMany({
          where: { ratedId: userId },
          select: { stars: true },
          orderBy: { id: 'asc' },
        }),
        pronostics: db.prediction.findMany({ where: { userId } }),
        notifications: db.notification.findMany({ where: { recipientId: userId } }),
        signalements: db.report.findMany({
          where: { reporterId: userId },
          include: { reason: true, reportedUser: other },
        }),
        conversations: db.conversation.findMany({
          where: { OR: [{ user1Id: userId }, { user2Id: userId }] },
          include: { user1: other, user2: other },
        }),
        messages: db.message.findMany({
          where: { OR: [{ senderId: userId }, { receiverId: userId }] },
          orderBy: { createdAt: 'asc' },
        }),
        // Group threads (cars, coaches): which the member is or was in, and what they wrote
        // there; the other members' messages are theirs.
        groupes: db.messageGroupMember.findMany({
          where: { userId },
          select: {
            joinedAt: true,
            leftAt: true,
            readAt: true,
            group: { select: { id: true, kind: true, matchId: true, tripId: true } },
          },
          orderBy: { joinedAt: 'asc' },
        }),
        messagesGroupes: db.groupMessage.findMany({
          where: { senderId: userId },
          select: { id: true, groupId: true, content: true, announcement: true, createdAt: true },
          orderBy: { id: 'asc' },
        }),
        deplacements: db.tripRegistration.findMany({
          where: { userId },
          select: {
            seatCount: true,
            status: true,
            phone: true,
            paid: true,
            present: true,
            confirmedAt: true,
            createdAt: true,
            trip: {
              select: {
                id: true,
                matchId: true,
                departurePlace: true,
                departureAt: true,
                antenna: { select: { name: true } },
              },
            },
          },
          orderBy: { id: 'asc' },
        }),
        // Without the invite code: a key to the league, not something about the member.
        ligues: db.miniLeague.findMany({
          where: { ownerId: userId },
          select: { id: true, name: true, createdAt: true },
          orderBy: { id: 'asc' },
        }),
        liguesRejointes: db.miniLeagueMember.findMany({
          where: { userId },
          select: { joinedAt: true, league: { select: { id: true, name: true } } },
          orderBy: { joinedAt: 'asc' },
        }),
        // The push service each device goes through, not its endpoint or keys: together they
        // let anyone send to the device.
        appareilsPush: db.pushSubscription
          .findMany({
            where: { userId },
            select: { endpoint: true, createdAt: true },
            orderBy: { id: 'asc' },
          })
          .then((rows) =>
            rows.map((row) => ({
              service: new URL(row.endpoint).origin,
              createdAt: row.createdAt,
            })),
          ),
        preferencesPush: db.pushPreference.findUnique({
          where: { userId },
          omit: { userId: true },
        }),
        // As the deletion erases them: by account, or by address whatever its case.
        contacts: db.contactMessage.findMany({
          where: { OR: [{ userId }, { email: { equals: user.email, mode: 'insensitive' } }] },
        }),
        sessions: db.session.findMany({
          where: { userId },
          select: {
            createdAt: true,
            expiresAt: true,
            rotatedAt: true,
            revokedAt: true,
            revokedReason: true,
            userAgent: true,
            ip: true,
          },
          orderBy: { createdAt: 'asc' },
        }),
      };
      const entries = await Promise.all(
        Object.entries(sections).map(async ([name, query]) => [name, await query] as const),
      );
      return { compte: user, ...Object.fromEntries(entries) };
    },
  };
}
export type PrivacyRepository = ReturnType<typeof privacyRepository>;
