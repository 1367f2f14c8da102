import { z } from 'zod';
import { LIMITS } from '@munegu/shared';

/**
 * Login, registration and password forms (spec section 5). The accounts issue moves these
 * rules into @munegu/shared (packages/shared/src/schemas/auth.ts) once it is exported; the
 * forms then import them from there unchanged.
 */
export const AUTH_TEXT = {
  emailShape: "L'email doit contenir un @ et un .domaine",
  emailChars: 'Caractères spéciaux interdits. Seuls autorisés : @ . _ -',
  passwordChars: 'Caractères spéciaux interdits détectés. Seuls autorisés : ! @ # $ % & ? .',
  passwordRequired: 'Veuillez saisir votre mot de passe.',
  pseudo: 'Le pseudo doit contenir au moins 4 caractères et une lettre.',
  pseudoTaken: 'Ce pseudo est déjà utilisé.',
  prenom: 'Prénom invalide.',
  nom: 'Nom invalide.',
  email: 'Adresse email invalide',
  passwordRule:
    'Doit contenir : 8 caractères min, majuscule, minuscule, chiffre, et un caractère spécial : ! @ # $ % & ? .',
  passwordLength: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  birthDate: 'Date invalide',
  departement: 'Veuillez choisir un département.',
  antennas: `Vous pouvez choisir au maximum ${LIMITS.maxAntennas} antennes.`,
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_CHARS = /^[A-Za-z0-9!@#$%&?.]*$/;
const NAME_CHARS = /^[A-Za-zÀ-ÖØ-öø-ÿ-]+$/;

export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(LIMITS.loginEmailMax, AUTH_TEXT.emailShape)
    .regex(/^[A-Za-z0-9@._-]*$/, AUTH_TEXT.emailChars)
    .regex(EMAIL_SHAPE, AUTH_TEXT.emailShape),
  password: z
    .string()
    .min(1, AUTH_TEXT.passwordRequired)
    .max(LIMITS.loginPasswordMax, AUTH_TEXT.passwordChars)
    .regex(PASSWORD_CHARS, AUTH_TEXT.passwordChars),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const strongPasswordSchema = z
  .string()
  .min(LIMITS.password.min, AUTH_TEXT.passwordRule)
  .max(LIMITS.password.max, AUTH_TEXT.passwordRule)
  .regex(PASSWORD_CHARS, AUTH_TEXT.passwordChars)
  .refine(
    (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && /[!@#$%&?.]/.test(v),
    AUTH_TEXT.passwordRule,
  );

/** 'DD/MM/YYYY', year 19xx or 20xx, a real date, at least 7 years ago. */
export function isValidBirthDate(text: string, today = new Date()): boolean {
  const match = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/((?:19|20)\d{2})$/.exec(text.trim());
  if (!match) return false;
  const [, dd, mm, yyyy] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (date.getUTCDate() !== dd || date.getUTCMonth() !== mm - 1) return false;
  return Date.UTC(yyyy + 7, mm - 1, dd) <= today.getTime();
}

const personName = (message: string) =>
  z.string().trim().min(1, message).max(25, message).regex(NAME_CHARS, message);

export const registrationFormSchema = z.object({
  prenom: personName(AUTH_TEXT.prenom),
  nom: personName(AUTH_TEXT.nom),
  username: z
    .string()
    .trim()
    .min(LIMITS.pseudo.min, AUTH_TEXT.pseudo)
    .max(LIMITS.pseudo.max, AUTH_TEXT.pseudo)
    .regex(/^[A-Za-z0-9_]+$/, AUTH_TEXT.pseudo)
    .refine((v) => /[A-Za-z]/.test(v), AUTH_TEXT.pseudo),
  email: z.string().trim().regex(EMAIL_SHAPE, AUTH_TEXT.email),
  password: strongPasswordSchema,
  date_naissance: z.string().refine((v) => isValidBirthDate(v), AUTH_TEXT.birthDate),
  departement: z.string().min(1, AUTH_TEXT.departement),
  antennes: z.array(z.number()).max(LIMITS.maxAntennas, AUTH_TEXT.antennas),
  notif_mail_appli: z.boolean(),
  notif_mail_promo: z.boolean(),
});
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().regex(EMAIL_SHAPE, AUTH_TEXT.email),
  birthDate: z.string().refine((v) => isValidBirthDate(v), AUTH_TEXT.birthDate),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

/** Reset page: 8 to 30, letters, digits, underscore and ! @ # $ % & ? . only, confirmed. */
export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(LIMITS.password.min, AUTH_TEXT.passwordLength)
      .max(LIMITS.password.max, AUTH_TEXT.passwordLength)
      .regex(/^[A-Za-z0-9_!@#$%&?.]*$/, AUTH_TEXT.passwordChars),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: AUTH_TEXT.passwordMismatch,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

/** 'jean-pierre' → 'Jean-Pierre' */
export function capitalize(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/(^|-)(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}
