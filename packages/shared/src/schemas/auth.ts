import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';
import { text } from './text.js';
import { isDeletedPseudo } from '../member-names.js';

/**
 * Account schemas of spec sections 3 and 5, used by the API's validation and by the web forms.
 * Messages are the spec's French texts where it gives one; the others are ours.
 */

const LOGIN_EMAIL_CHARS = /^[A-Za-z0-9@._-]*$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Password characters: letters, digits and ! @ # $ % & ? . only (spec section 5). */
const PASSWORD_CHARS = /^[A-Za-z0-9!@#$%&?.]*$/;
const PASSWORD_SPECIAL = /[!@#$%&?.]/;
const NAME_CHARS = /^[A-Za-zÀ-ÖØ-öø-ÿ-]+$/;
const PSEUDO_CHARS = /^[A-Za-z0-9_]+$/;

export const AUTH_TEXTS = {
  emailShape: "L'email doit contenir un @ et un .domaine",
  emailChars: 'Caractères spéciaux interdits. Seuls autorisés : @ . _ -',
  passwordChars: 'Caractères spéciaux interdits détectés. Seuls autorisés : ! @ # $ % & ? .',
  emailTooLong: `L'email ne doit pas dépasser ${LIMITS.loginEmailMax} caractères.`,
  passwordTooLong: `Le mot de passe ne doit pas dépasser ${LIMITS.loginPasswordMax} caractères.`,
  passwordRequired: 'Saisis ton mot de passe.',
  pseudo: 'Le pseudo doit contenir au moins 4 caractères et une lettre.',
  pseudoTooLong: `Le pseudo ne doit pas dépasser ${LIMITS.pseudo.max} caractères.`,
  /** 'supprime' marks an anonymised account: its profile and links lead nowhere. */
  pseudoReserved: 'Ce pseudo est réservé aux comptes supprimés : choisis-en un autre.',
  pseudoTaken: 'Ce pseudo est déjà utilisé.',
  prenom: 'Prénom invalide (25 lettres maximum, accents et tiret autorisés).',
  nom: 'Nom invalide (25 lettres maximum, accents et tiret autorisés).',
  email: 'Adresse email invalide',
  passwordRule:
    'Doit contenir : 8 caractères min, majuscule, minuscule, chiffre, et un caractère spécial : ! @ # $ % & ? .',
  passwordLength: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  birthDate: 'Date invalide',
  tooYoung: 'Tu dois avoir au moins 7 ans.',
  departement: 'Département invalide.',
  antennas: `Tu peux choisir au maximum ${LIMITS.maxAntennas} antennes.`,
  invalidCredentials: 'Email ou mot de passe incorrect.',
  inactive: "Vous n'avez pas activé votre compte depuis le mail reçu à l'inscription.",
  invalidLink: 'Lien invalide ou expiré.',
} as const;

/**
 * An address one can sign in with: email shape, only letters, digits and @ . _ -, 40
 * characters at most (spec section 5, Login). Registration and the e-mail change keep to it
 * too: an account under any other address could never sign in.
 */
const signInAddress = (shapeMessage: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.loginEmailMax, AUTH_TEXTS.emailTooLong)
    .regex(LOGIN_EMAIL_CHARS, AUTH_TEXTS.emailChars)
    .regex(EMAIL_SHAPE, shapeMessage);

/** Login email. */
export const loginEmailSchema = signInAddress(AUTH_TEXTS.emailShape);
/** A member's own address (registration, e-mail change): the login's rules. */
export const memberEmailSchema = signInAddress(AUTH_TEXTS.email);

export const loginSchema = z.object({
  email: loginEmailSchema,
  password: z
    .string()
    .min(1, AUTH_TEXTS.passwordRequired)
    .max(LIMITS.loginPasswordMax, AUTH_TEXTS.passwordTooLong)
    .regex(PASSWORD_CHARS, AUTH_TEXTS.passwordChars),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** New password: 8–30 characters with lower, upper, digit and one of ! @ # $ % & ? . only. */
export const newPasswordSchema = z
  .string()
  .min(LIMITS.password.min, AUTH_TEXTS.passwordRule)
  .max(LIMITS.password.max, AUTH_TEXTS.passwordTooLong)
  .regex(PASSWORD_CHARS, AUTH_TEXTS.passwordChars)
  .refine(
    (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && PASSWORD_SPECIAL.test(v),
    AUTH_TEXTS.passwordRule,
  );

/**
 * Pseudo: 4–15 letters, digits or underscore, with at least one letter, and not one a deleted
 * account's would be taken for (`isDeletedPseudo`: such a profile redirects to /404).
 */
export const pseudoSchema = z
  .string()
  .trim()
  .min(LIMITS.pseudo.min, AUTH_TEXTS.pseudo)
  .max(LIMITS.pseudo.max, AUTH_TEXTS.pseudoTooLong)
  .regex(PSEUDO_CHARS, AUTH_TEXTS.pseudo)
  .refine((v) => /[A-Za-z]/.test(v), AUTH_TEXTS.pseudo)
  .refine((v) => !isDeletedPseudo(v), AUTH_TEXTS.pseudoReserved);

/**
 * Department code without 'FR-' (a leading 'FR-' is accepted and removed), or 'MC' for Monaco
 * (see MONACO_PLACE).
 */
export const departementCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/^FR-/i, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^(0[1-9]|1\d|2[1-9]|[3-8]\d|9[0-5]|2A|2B|97[1-46]|MC)$/, AUTH_TEXTS.departement),
  );

/**
 * Birth date typed as DD/MM/YYYY (10 characters), year 19xx or 20xx, a real calendar date and
 * at least 7 years before `today` (checked against the caller's clock by `isOldEnough`).
 */
export const birthDateTextSchema = z
  .string()
  .trim()
  .regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/(19|20)\d{2}$/, AUTH_TEXTS.birthDate)
  .refine((v) => parseBirthDate(v) !== null, AUTH_TEXTS.birthDate);

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or null when it is not a real date. */
export function parseBirthDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCDate() !== Number(dd) || date.getUTCMonth() !== Number(mm) - 1) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** True when someone born on `isoDate` (YYYY-MM-DD) is at least `years` old on `today`. */
export function isOldEnough(isoDate: string, today: Date, years = 7): boolean {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(y + years, m - 1, d));
  return limit.getTime() <= today.getTime();
}

const nameSchema = (message: string) =>
  z.string().trim().min(1, message).max(25, message).regex(NAME_CHARS, message);

/** POST /users: the registration body (spec section 3 Registration, section 5 rules). */
export const registrationSchema = z.object({
  prenom: nameSchema(AUTH_TEXTS.prenom),
  nom: nameSchema(AUTH_TEXTS.nom),
  username: pseudoSchema,
  email: memberEmailSchema,
  password: newPasswordSchema,
  date_naissance: birthDateTextSchema,
  departement: departementCodeSchema,
  antennes: z
    .array(z.number().int().positive().max(ID_MAX))
    .max(LIMITS.maxAntennas, AUTH_TEXTS.antennas),
  notif_mail_appli: z.boolean(),
  notif_mail_promo: z.boolean(),
});
export type RegistrationInput = z.input<typeof registrationSchema>;

/** 'jean-pierre' → 'Jean-Pierre' (prenom is capitalised at registration). */
export function capitalizeName(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/(^|-)(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

export const accessTokenResponseSchema = z.object({ access_token: z.string() });

/** Free text of the profile (description): no HTML, scripts or inline handlers. */
export const safeFreeText = (message: string) => z.string().refine(isSafeText, message);

// ─── Account flows around registration and login (spec sections 5 and 7) ───

export const ACCOUNT_TEXTS = {
  registered:
    "Création réussie ! Si l'adresse e-mail est valide, un lien de confirmation vous a été envoyé.",
  resent: "Mail de confirmation renvoyé ! Plusieurs minutes d'attente peuvent être nécessaires.",
  emailConfirmed: 'Adresse mail confirmée !',
  resetRequested: 'Si un compte existe, un mail a été envoyé.',
  passwordReset: 'Mot de passe modifié avec succès !',
  antennaUnknown: 'Antenne inconnue.',
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
} as const;

/** Any e-mail address (registration shape), lower-cased for lookups. */
export const emailAddressSchema = z
  .string()
  .trim()
  .max(254, AUTH_TEXTS.email)
  .regex(EMAIL_SHAPE, AUTH_TEXTS.email)
  .transform((v) => v.toLowerCase());

/** POST /auth/resend-confirmation. */
export const resendConfirmationSchema = z.object({ email: emailAddressSchema });

/** GET /users/check-username?username= */
export const checkUsernameQuerySchema = z.object({ username: text().trim().min(1).max(30) });

/**
 * Birth date of the forgot-password form: 'DD/MM/YYYY' as typed, or ISO 'YYYY-MM-DD' (what a
 * date input sends). Both become 'YYYY-MM-DD'.
 */
export const birthDateInputSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(v)
      ? parseBirthDate(v.split('-').reverse().join('/'))
      : parseBirthDate(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: AUTH_TEXTS.birthDate });
      return z.NEVER;
    }
    return iso;
  });

/** POST /users/request-password-reset. */
export const passwordResetRequestSchema = z.object({
  email: emailAddressSchema,
  birthDate: birthDateInputSchema,
});

/**
 * New password of the reset page: 8 to 30 ('Le mot de passe doit contenir au moins 8
 * caractères.'), and the same character set and strength as every password, so the result
 * can always be typed into the login form.
 */
export const resetNewPasswordSchema = z
  .string()
  .min(LIMITS.password.min, AUTH_TEXTS.passwordLength)
  .pipe(newPasswordSchema);

/** POST /users/reset-password. */
export const resetPasswordSchema = z.object({
  token: text().min(1).max(128),
  newPassword: resetNewPasswordSchema,
});

/** The reset page's form (confirmation checked in the browser only). */
export const resetPasswordFormSchema = z
  .object({ newPassword: resetNewPasswordSchema, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    message: AUTH_TEXTS.passwordMismatch,
    path: ['confirm'],
  });

/**
 * GET /users/check-token?token=&type= : type 'stop' (default) checks a stop-notification link
 * and answers { valid, stopType }; type 'reset' checks a new-password link and answers { valid }.
 */
export const checkTokenQuerySchema = z.object({
  token: text().min(1).max(128),
  /** stop: a stop-notif link (default); reset: a new-password link; delete: a deletion link. */
  type: z.enum(['stop', 'reset', 'delete']).default('stop'),
});
export const STOP_TYPES = ['promo', 'application'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const checkTokenResponseSchema = z.object({
  valid: z.boolean(),
  stopType: z.enum(STOP_TYPES).optional(),
});

/** POST /users/stop-notif. */
export const stopNotifSchema = z.object({
  token: text().min(1).max(128),
  confirm: z.boolean(),
});
export const stopNotifResponseSchema = z.object({
  type: z.enum(STOP_TYPES),
  message: z.string(),
});

/** An e-mailed link's token in a path (/users/confirm-email/:token …). */
export const tokenParamSchema = z.object({ token: text().min(1).max(128) });
/** GET /users/check-username. */
export const usernameTakenSchema = z.object({ taken: z.boolean() });
/** GET /users/check-reset-token/:token. */
export const tokenValiditySchema = z.object({ valid: z.boolean() });
/** GET /users/confirm-delete/:token: a live deletion link (else 404). */
export const deletionLinkSchema = z.object({ valid: z.literal(true) });
