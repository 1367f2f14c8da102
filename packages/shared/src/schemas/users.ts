import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS, ROLES } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';
import { text } from './text.js';
import { antennaSchema } from './reference.js';

/**
 * Profile schemas of spec sections 3 (User profile, Personal data, User search result) and 5
 * (Profile rules). The API validates with them and the profile page's forms import the same.
 */

export const USER_TEXTS = {
  descriptionForbidden: 'Votre description contient des caractères interdits.',
  descriptionTooLong: 'La description ne doit pas dépasser 500 caractères.',
  xInvalid: "Le pseudo X n'est pas valide.",
  instaInvalid: "Le pseudo Instagram n'est pas valide.",
  antennas: `Tu peux choisir au maximum ${LIMITS.maxAntennas} antennes.`,
  unknownAntenna: 'Antenne inconnue.',
  saved: 'Modifications enregistrées !',
  saveFailed: "Impossible d'enregistrer les modifications.",
  notFound: 'Utilisateur introuvable',
  searchTooShort: `La recherche doit contenir au moins ${LIMITS.searchMinChars} caractères.`,
  avatarFormat: 'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.',
  avatarTooManyPixels: 'Image trop grande : 40 mégapixels au maximum.',
  avatarMissing: 'Aucun fichier reçu.',
  avatarUpdated: 'Photo de profil mise à jour avec succès !',
  avatarDeleted: 'Photo de profil supprimée avec succès.',
  avatarDeleteFailed: 'Erreur lors de la suppression de la photo.',
} as const;

export const DESCRIPTION_MAX = 500;
/** X and Instagram handles: 2 to 30 letters, digits, _ . - (spec section 5). */
export const SOCIAL_HANDLE = /^[A-Za-z0-9_.-]{2,30}$/;

export { isDeletedPseudo } from '../member-names.js';

/**
 * Spec section 5: "A profile link must be https on {host} or {host} with a path starting with
 * /{product}_". Our reading: the two {host} placeholders are the bare host and its www. form
 * (e.g. instagram.com and www.instagram.com), so a valid link is `https://` + one of those two
 * host names (no credentials, no port) + a path whose first segment starts with `{product}_`
 * (e.g. https://www.instagram.com/munegu_nice). Host and product are compared case-insensitively.
 */
export function isValidProfileLink(url: string, host: string, product: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const bare = host.toLowerCase().replace(/^www\./, '');
  const hostname = parsed.hostname.toLowerCase();
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    (hostname === bare || hostname === `www.${bare}`) &&
    parsed.pathname.toLowerCase().startsWith(`/${product.toLowerCase()}_`)
  );
}

/** An honorary title; profiles list them by importance, highest first. */
export const titleSchema = z.object({
  libelle: z.string(),
  /** Hex colour like '#E2001A'. */
  couleur: z.string(),
  importance: z.number().int(),
});
export type Title = z.infer<typeof titleSchema>;

/** A supporters' branch on a profile; `lien` is its https page (null when absent or not https). */
export const profileAntennaSchema = antennaSchema.extend({ lien: z.string().nullable() });

/** Public profile (GET /users/by-username/{username}): never names, email or birth date. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** '/uploads/avatar/<file>?v=<version>', or null for the default avatar. */
  profile_picture: z.string().nullable(),
  /** Average carpool rating out of 5; null when never rated. */
  note_covoiturage: z.number().nullable(),
  /** Home department code without 'FR-' (e.g. '06', '2A'). */
  departement: z.string(),
  poste: z.string().nullable(),
  /** In the order the member joined them (the sidebar shows the first two). */
  antennes: z.array(profileAntennaSchema),
  /** Account creation instant, ISO 8601 UTC ('Membre depuis'). */
  created_at: z.string(),
  description: z.string().nullable(),
  /** Sorted by importance, highest first. */
  titres: z.array(titleSchema),
  x_username: z.string().nullable(),
  insta_username: z.string().nullable(),
  /** Rank in the prediction leaderboard; null when the member has no prediction. */
  classement_prono: z.number().int().nullable(),
  /** Number of ranked members (classement_prono not null), for 'Classement : X / total'. */
  totalUsers: z.number().int(),
  pts_prono: z.number().int(),
  role: z.object({ libelle: z.enum(ROLES) }),
  /**
   * ISO end of a silence in force: only in the answer to a MODERATEUR or an ADMIN (the badge
   * 'Réduit au silence jusqu’au …'); absent for everyone else.
   */
  silencedUntil: z.string().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /users/me: the caller's own profile, with the identity only they may see. */
export const ownProfileSchema = userProfileSchema.extend({
  email: z.string(),
  prenom: z.string(),
  nom: z.string(),
  /** The antennas whose coach trips the member organises (issue 30; 'Mes déplacements'). */
  antennes_organisees: z.array(z.object({ id: z.number().int(), nom: z.string() })),
  /**
   * The member's own silence in force (moderation), null otherwise: the chats say so before
   * anything is typed, rather than on the refused send. `until` ISO; the moderator's reason.
   */
  silence: z.object({ until: z.string(), reason: z.string().nullable() }).nullable(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** GET /users/me-personal: the settings page's read-only fields (only ever the caller's). */
export const personalDataSchema = z.object({
  username: z.string(),
  nom: z.string(),
  prenom: z.string(),
  /** Birth date as 'YYYY-MM-DD'. */
  date_naissance: z.string(),
  email: z.string(),
  /** As stored, 'FR-' prefixed (e.g. 'FR-06'). */
  departement: z.string(),
  /** Name of the department from the departments lookup; null if the code is unknown. */
  departement_nom: z.string().nullable(),
  notif_mail_appli: z.boolean(),
  notif_mail_promo: z.boolean(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** An X or Instagram handle; '' (or null) clears it. */
const handle = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || SOCIAL_HANDLE.test(v), { error: message })
    .nullable()
    .optional();

/** PATCH /users/me: every field optional; absent = unchanged, '' or null = cleared. */
export const updateProfileSchema = z.object({
  /** At most 500 characters, without HTML, scripts or inline handlers. */
  description: z
    .string({ error: USER_TEXTS.descriptionForbidden })
    .trim()
    .max(DESCRIPTION_MAX, { error: USER_TEXTS.descriptionTooLong })
    .refine(isSafeText, { error: USER_TEXTS.descriptionForbidden })
    .nullable()
    .optional(),
  x_username: handle(USER_TEXTS.xInvalid),
  insta_username: handle(USER_TEXTS.instaInvalid),
  /** Ids of existing antennas, at most 2; [] leaves the member in none. */
  antennes: z
    .array(z.number().int().positive().max(ID_MAX), { error: USER_TEXTS.unknownAntenna })
    .max(LIMITS.maxAntennas, { error: USER_TEXTS.antennas })
    .optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const updateProfileResponseSchema = z.object({
  message: z.string(),
  user: ownProfileSchema,
});

export const usernameParamSchema = z.object({
  username: text().trim().min(1, USER_TEXTS.notFound).max(30, USER_TEXTS.notFound),
});

/** GET /users/search?q=: at least 2 characters (spec sections 5 and 9). */
export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: USER_TEXTS.searchTooShort })
    .trim()
    .min(LIMITS.searchMinChars, { error: USER_TEXTS.searchTooShort })
    .max(30, { error: 'La recherche ne doit pas dépasser 30 caractères.' }),
});

export const userSearchResultSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const departementResponseSchema = z.object({
  /** Code without 'FR-'. */
  departement: z.string(),
});

/** Avatar file names as the API writes them: '<userId>-<random>.webp'; nothing else is served. */
export const AVATAR_FILE = /^\d{1,10}-[A-Za-z0-9_-]{8,64}\.webp$/;
/** Any string up to 100 characters: names not matching AVATAR_FILE are a 404, like unknown ones. */
export const avatarFileParamSchema = z.object({ file: text().max(100) });

/** GET /users/avatar/{file}: the fallback when the static image fails to load. */
export const avatarDataSchema = z.object({
  mime: z.literal('image/webp'),
  /** The file's bytes in base64. */
  data: z.string(),
});

export const avatarUploadResponseSchema = z.object({
  message: z.string(),
  profile_picture: z.string(),
});
