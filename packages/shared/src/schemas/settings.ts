import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { isDeletedPseudo } from '../member-names.js';
import { AUTH_TEXTS, departementCodeSchema, memberEmailSchema, newPasswordSchema } from './auth.js';

/** Settings page texts (spec sections 5 and 8). */
export const SETTINGS_TEXTS = {
  pseudo: 'Le pseudo doit contenir au moins 4 caractères alphanumériques ou _',
  passwordConfirm: 'Veuillez saisir votre mot de passe pour confirmer',
  currentPassword: 'Saisis ton mot de passe actuel.',
  wrongPassword: 'Mot de passe incorrect.',
  samePassword: 'Ton nouveau mot de passe doit être différent de l’actuel.',
  useEmailForm:
    "Pour changer d'adresse e-mail, utilise le formulaire qui demande ton mot de passe.",
  oneField: 'Modifie un seul champ à la fois : username, email ou departement.',
  sameEmail: "C'est déjà ton adresse e-mail.",
  updated: 'Mise à jour réussie !',
  emailChangeSent: 'Un email de confirmation vous a été envoyé.',
  notificationsUpdated: 'Préférences de notifications mises à jour.',
  passwordUpdated: 'Mot de passe mis à jour',
  deleteLinkSent: 'Un lien de confirmation vous a été envoyé par mail.',
  nothingChanged: "Aucune modification n'a été effectuée.",
  stopPromo: 'Tu ne recevras plus les e-mails promotionnels (concours, offres).',
  stopApplication: "Tu ne recevras plus les e-mails de l'application (rappels de pronostics…).",
} as const;

/**
 * Pseudo as edited in the settings: 4 to 15 letters, digits or underscore, under the same
 * rules as at registration (a letter, not a deleted account's marker), so that no member ends
 * up with a pseudo registration refuses.
 */
export const settingsPseudoSchema = z
  .string()
  .trim()
  .min(LIMITS.pseudo.min, SETTINGS_TEXTS.pseudo)
  .max(LIMITS.pseudo.max, AUTH_TEXTS.pseudoTooLong)
  .regex(/^[A-Za-z0-9_]+$/, SETTINGS_TEXTS.pseudo)
  .refine((v) => /[A-Za-z]/.test(v), AUTH_TEXTS.pseudo)
  .refine((v) => !isDeletedPseudo(v), AUTH_TEXTS.pseudoReserved);

/**
 * PATCH /users/me/parametres: exactly one of username, email (refused by the API: the e-mail
 * changes through PATCH /users/me/email) or departement (code without 'FR-').
 */
export const parametresSchema = z
  .object({
    username: settingsPseudoSchema.optional(),
    email: z.string().max(254).optional(),
    departement: departementCodeSchema.optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, {
    message: SETTINGS_TEXTS.oneField,
  });
export const parametresResponseSchema = z.object({
  message: z.string(),
  user: z.object({ username: z.string().optional(), departement: z.string().optional() }),
});

/** The current password typed to confirm a sensitive change (more than 5 characters). */
export const confirmPasswordSchema = z
  .string()
  .min(6, SETTINGS_TEXTS.passwordConfirm)
  .max(LIMITS.loginPasswordMax, SETTINGS_TEXTS.passwordConfirm);

/** PATCH /users/me/email. */
export const emailChangeSchema = z.object({
  email: memberEmailSchema.transform((v) => v.toLowerCase()),
  password: confirmPasswordSchema,
});

/** PATCH /users/me/notifications. */
export const notificationsSchema = z.object({
  notif_mail_appli: z.boolean(),
  notif_mail_promo: z.boolean(),
});

/** PATCH /users/me/password. */
export const passwordChangeSchema = z.object({
  oldPassword: z
    .string()
    .min(1, SETTINGS_TEXTS.currentPassword)
    .max(LIMITS.loginPasswordMax, SETTINGS_TEXTS.wrongPassword),
  newPassword: newPasswordSchema,
});

/**
 * The settings page's change-password form (confirmation checked in the browser only); the
 * API refuses the current password as the new one too, once it knows the current one right.
 */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    message: AUTH_TEXTS.passwordMismatch,
    path: ['confirm'],
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.oldPassword, {
    message: SETTINGS_TEXTS.samePassword,
    path: ['newPassword'],
  });
