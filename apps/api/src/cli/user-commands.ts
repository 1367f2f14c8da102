import { randomInt } from 'node:crypto';
import { writeAuditRow } from '../db/audit.js';
import type { Db } from '../db/client.js';
import { Prisma, type Role } from '../generated/prisma/client.js';
import { hashPassword } from '../lib/passwords.js';

/** Operator commands (`pnpm user ...`), kept apart from argv parsing so tests can call them. */

export const ROLE_VALUES = ['UTILISATEUR', 'REDACTEUR', 'MODERATEUR', 'ADMIN'] as const;

/** Bad input or a conflict; the CLI prints the message and exits non-zero. */
export class UserCommandError extends Error {
  override name = 'UserCommandError';
}

/** Spec section 5: 4 to 15 letters, digits or underscore, with at least one letter. */
const PSEUDO = /^(?=.*[A-Za-z])[A-Za-z0-9_]{4,15}$/;
const EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** Spec section 5: 8 to 30, lower, upper, digit and one of ! @ # $ % & ? . — nothing else. */
const PASSWORD_CHARS = /^[A-Za-z0-9!@#$%&?.]{8,30}$/;
/** Allowed specials for generated passwords: those that need no quoting in a shell. */
const GENERATED_SPECIALS = '@%.';

export function isStrongPassword(password: string): boolean {
  return (
    PASSWORD_CHARS.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[!@#$%&?.]/.test(password)
  );
}

/** A random 20-character password that meets the spec's rule (crypto-grade randomness). */
export function generatePassword(length = 20): string {
  const classes = [
    'abcdefghijkmnopqrstuvwxyz',
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    '23456789',
    GENERATED_SPECIALS,
  ];
  const all = classes.join('');
  const chars = classes.map((c) => c[randomInt(c.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function parseRole(role: string): Role {
  const upper = role.toUpperCase();
  if (!(ROLE_VALUES as readonly string[]).includes(upper)) {
    throw new UserCommandError(
      `Rôle inconnu « ${role} ». Rôles possibles : ${ROLE_VALUES.join(', ')}.`,
    );
  }
  return upper as Role;
}

export interface CreateUserInput {
  email: string;
  pseudo: string;
  role: string;
  /** Omitted: a strong password is generated and returned once. */
  password?: string;
  prenom?: string;
  nom?: string;
  /** 'YYYY-MM-DD'. */
  birthDate?: string;
  /** Department code with or without 'FR-' ('06', 'FR-2A'). */
  departement?: string;
}

/**
 * Placeholders for the identity fields an operator may not know. The person can change the
 * pseudo, the e-mail and the department in Paramètres; prénom, nom and date of birth are
 * read-only in the app (spec section 2), so pass --prenom/--nom/--birth-date when known.
 */
export const PLACEHOLDERS = {
  prenom: 'Inconnu',
  nom: 'INCONNU',
  birthDate: '2000-01-01',
  departement: '06',
} as const;

export interface CreateUserResult {
  id: number;
  email: string;
  pseudo: string;
  role: Role;
  /** The generated password, to print once; null when the operator gave one. */
  generatedPassword: string | null;
}

/** Creates an ACTIVE account (no e-mail confirmation) and writes a 'user.create' audit row. */
export async function createUser(db: Db, input: CreateUserInput): Promise<CreateUserResult> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email))
    throw new UserCommandError(`Adresse e-mail invalide : « ${input.email} ».`);
  if (!PSEUDO.test(input.pseudo)) {
    throw new UserCommandError(
      'Pseudo invalide : 4 à 15 lettres, chiffres ou _, avec au moins une lettre.',
    );
  }
  const role = parseRole(input.role);
  if (input.password !== undefined && !isStrongPassword(input.password)) {
    throw new UserCommandError(
      'Mot de passe trop faible : 8 à 30 caractères avec minuscule, majuscule, chiffre et un de ! @ # $ % & ? . (aucun autre caractère spécial).',
    );
  }
  const birth = input.birthDate ?? PLACEHOLDERS.birthDate;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birth) || Number.isNaN(Date.parse(`${birth}T00:00:00Z`))) {
    throw new UserCommandError(`Date de naissance invalide « ${birth} » (format AAAA-MM-JJ).`);
  }
  const dep = (input.departement ?? PLACEHOLDERS.departement).replace(/^FR-/i, '').toUpperCase();
  if (!(await db.department.findUnique({ where: { code: dep } }))) {
    throw new UserCommandError(`Département inconnu « ${dep} » (la base a-t-elle été seedée ?).`);
  }
  const generatedPassword = input.password === undefined ? generatePassword() : null;
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);
  try {
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email,
          username: input.pseudo,
          usernameKey: input.pseudo.toLowerCase(),
          passwordHash,
          role,
          status: 'ACTIVE',
          firstName: input.prenom ?? PLACEHOLDERS.prenom,
          lastName: input.nom ?? PLACEHOLDERS.nom,
          birthDate: new Date(`${birth}T00:00:00Z`),
          department: `FR-${dep}`,
        },
      });
      await writeAuditRow(tx, {
        action: 'user.create',
        targetType: 'user',
        targetId: String(created.id),
        targetLabel: created.username,
        data: { role, source: 'cli' },
      });
      return created;
    });
    return {
      id: user.id,
      email: user.email,
      pseudo: user.username,
      role: user.role,
      generatedPassword,
    };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new UserCommandError('Un compte existe déjà avec cet e-mail ou ce pseudo.');
    }
    throw err;
  }
}

export interface ChangeRoleResult {
  id: number;
  email: string;
  from: Role;
  to: Role;
}

/** Changes a member's role and writes a 'user.role' audit row; the same role is a no-op. */
export async function changeRole(
  db: Db,
  input: { email: string; role: string },
): Promise<ChangeRoleResult> {
  const email = input.email.trim().toLowerCase();
  const role = parseRole(input.role);
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email } });
    if (!user || user.status === 'DELETED')
      throw new UserCommandError(`Aucun compte avec l'e-mail « ${email} ».`);
    if (user.role !== role) {
      await tx.user.update({ where: { id: user.id }, data: { role } });
      await writeAuditRow(tx, {
        action: 'user.role',
        targetType: 'user',
        targetId: String(user.id),
        targetLabel: user.username,
        data: { from: user.role, to: role, source: 'cli' },
      });
    }
    return { id: user.id, email, from: user.role, to: role };
  });
}
