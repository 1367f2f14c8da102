import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  birthDate: Date;
  department: string;
  appMailOptIn: boolean;
  promoMailOptIn: boolean;
  antennaIds: number[];
}

const ACCOUNT_SELECT = {
  id: true,
  username: true,
  email: true,
  status: true,
  role: true,
  passwordHash: true,
  birthDate: true,
  avatarFile: true,
} as const;

/** Account rows: registration, confirmation, credentials and settings. */
export function accountRepository(db: Db) {
  return {
    usernameExists: async (usernameKey: string) =>
      (await db.user.count({ where: { usernameKey } })) > 0,

    countAntennas: (ids: number[]) => db.antenna.count({ where: { id: { in: ids } } }),

    findByEmail: (email: string) =>
      db.user.findUnique({ where: { email }, select: ACCOUNT_SELECT }),

    findById: (id: number) => db.user.findUnique({ where: { id }, select: ACCOUNT_SELECT }),

    create: (user: NewUser, tx: Tx) =>
      tx.user.create({
        data: {
          username: user.username,
          usernameKey: user.username.toLowerCase(),
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          passwordHash: user.passwordHash,
          birthDate: user.birthDate,
          department: user.department,
          appMailOptIn: user.appMailOptIn,
          promoMailOptIn: user.promoMailOptIn,
          status: 'PENDING',
          antennas: { create: user.antennaIds.map((antennaId) => ({ antennaId })) },
        },
        select: { id: true, username: true, email: true },
      }),

    /**
     * A sign-up over a still-PENDING account of the same address: its details become the new
     * ones (antennas included). null when it is no longer pending (confirmed meanwhile).
     */
    async replacePending(id: number, user: NewUser, tx: Tx) {
      const { count } = await tx.user.updateMany({
        where: { id, status: 'PENDING' },
        data: {
          username: user.username,
          usernameKey: user.username.toLowerCase(),
          firstName: user.firstName,
          lastName: user.lastName,
          passwordHash: user.passwordHash,
          birthDate: user.birthDate,
          department: user.department,
          appMailOptIn: user.appMailOptIn,
          promoMailOptIn: user.promoMailOptIn,
        },
      });
      if (count !== 1) return null;
      await tx.userAntenna.deleteMany({ where: { userId: id } });
      await tx.userAntenna.createMany({
        data: user.antennaIds.map((antennaId) => ({ userId: id, antennaId })),
      });
      return { id, username: user.username, email: user.email };
    },

    /** PENDING → ACTIVE; true when the account is (now) active. */
    async activate(id: number): Promise<boolean> {
      await db.user.updateMany({ where: { id, status: 'PENDING' }, data: { status: 'ACTIVE' } });
      return (await db.user.count({ where: { id, status: 'ACTIVE' } })) === 1;
    },

    setEmail: (id: number, email: string, tx?: Tx) =>
      (tx ?? db).user.update({ where: { id }, data: { email }, select: { id: true } }),

    /**
     * The contact messages sent signed out under `email` become the account's. The export and
     * the deletion find a member's messages by account or by current address: without this,
     * those sent from an address the member then left would outlive the account.
     */
    claimContactMessages: (id: number, email: string, tx?: Tx) =>
      (tx ?? db).contactMessage.updateMany({
        where: { userId: null, email: { equals: email, mode: 'insensitive' } },
        data: { userId: id },
      }),

    /** An ACTIVE or SUSPENDED account (until null = banned); false when there was none. */
    suspend: async (id: number, until: Date | null, tx?: Tx) =>
      (
        await (tx ?? db).user.updateMany({
          where: { id, status: { in: ['ACTIVE', 'SUSPENDED'] } },
          data: { status: 'SUSPENDED', suspendedUntil: until },
        })
      ).count === 1,

    setPasswordHash: (id: number, passwordHash: string, tx?: Tx) =>
      (tx ?? db).user.update({ where: { id }, data: { passwordHash }, select: { id: true } }),

    setUsername: (id: number, username: string) =>
      db.user.update({
        where: { id },
        data: { username, usernameKey: username.toLowerCase() },
        select: { username: true },
      }),

    setDepartment: (id: number, department: string) =>
      db.user.update({ where: { id }, data: { department }, select: { id: true } }),

    setNotifications: (id: number, data: { appMailOptIn?: boolean; promoMailOptIn?: boolean }) =>
      db.user.update({ where: { id }, data, select: { id: true } }),
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
