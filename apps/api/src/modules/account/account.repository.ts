import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export interface NewUser {
  pseudo: string;
  prenom: string;
  nom: string;
  email: string;
  passwordHash: string;
  birthDate: Date;
  departement: string;
  notifMailAppli: boolean;
  notifMailPromo: boolean;
  antennaIds: number[];
}

const ACCOUNT_SELECT = {
  id: true,
  pseudo: true,
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
    pseudoExists: async (pseudoKey: string) => (await db.user.count({ where: { pseudoKey } })) > 0,

    countAntennas: (ids: number[]) => db.antenna.count({ where: { id: { in: ids } } }),

    findByEmail: (email: string) =>
      db.user.findUnique({ where: { email }, select: ACCOUNT_SELECT }),

    findById: (id: number) => db.user.findUnique({ where: { id }, select: ACCOUNT_SELECT }),

    create: (user: NewUser, tx: Tx) =>
      tx.user.create({
        data: {
          pseudo: user.pseudo,
          pseudoKey: user.pseudo.toLowerCase(),
          prenom: user.prenom,
          nom: user.nom,
          email: user.email,
          passwordHash: user.passwordHash,
          birthDate: user.birthDate,
          departement: user.departement,
          notifMailAppli: user.notifMailAppli,
          notifMailPromo: user.notifMailPromo,
          status: 'PENDING',
          antennas: { create: user.antennaIds.map((antennaId) => ({ antennaId })) },
        },
        select: { id: true, pseudo: true, email: true },
      }),

    /** PENDING → ACTIVE; true when the account is (now) active. */
    async activate(id: number): Promise<boolean> {
      await db.user.updateMany({ where: { id, status: 'PENDING' }, data: { status: 'ACTIVE' } });
      return (await db.user.count({ where: { id, status: 'ACTIVE' } })) === 1;
    },

    setEmail: (id: number, email: string) =>
      db.user.update({ where: { id }, data: { email }, select: { id: true } }),

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

    setPseudo: (id: number, pseudo: string) =>
      db.user.update({
        where: { id },
        data: { pseudo, pseudoKey: pseudo.toLowerCase() },
        select: { pseudo: true },
      }),

    setDepartement: (id: number, departement: string) =>
      db.user.update({ where: { id }, data: { departement }, select: { id: true } }),

    setNotifications: (id: number, data: { notifMailAppli?: boolean; notifMailPromo?: boolean }) =>
      db.user.update({ where: { id }, data, select: { id: true } }),
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
