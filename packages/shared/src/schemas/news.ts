import { z } from 'zod';
import '../zod-locale.js';

import { ID_MAX } from './common.js';

/** Spec section 3, News item: what GET /actualite answers, newest first. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  titre: z.string(),
  contenu: z.string(),
  lien: z.string().nullable(),
  image: z.string(),
  /** Vertical focus of the image, 0–100 (default 10). */
  imageObjectPosY: z.number().int(),
  /** ISO 8601 instant of publication. */
  date: z.string(),
  /** 'lundi 23 novembre 2026', Paris time. */
  formattedDate: z.string(),
  categorie: z.object({ id: z.number().int(), libelle: z.string() }),
  /**
   * The editor: their id (who may edit it, news-policy.ts) and pseudo; null once their account
   * is deleted (only moderators may then edit it).
   */
  redacteur: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** Spec section 3, Contest: the running contests (GET /concours), ending soonest first. */
export const contestSchema = z.object({
  id: z.number().int(),
  titre: z.string(),
  /** ISO 8601 end; a contest is listed only until then. */
  dateFin: z.string(),
  image: z.string(),
  lienInsta: z.string().nullable(),
  lienX: z.string().nullable(),
});
export type Contest = z.infer<typeof contestSchema>;

/** Longest title of a news item or a contest (announced by a counter in the forms). */
export const NEWS_TITLE_MAX = 200;
/** Longest news body: a long X post must be shortened, never cut without a word. */
export const NEWS_CONTENT_MAX = 5000;

/** '5 000': a count as a French reader writes it (narrow no-break space). */
export const frenchCount = (n: number): string => new Intl.NumberFormat('fr-FR').format(n);

/** Spec section 8, news and tweet links. `{product}` is the association's name. */
export const NEWS_TEXTS = {
  invalidTweetLink: 'Veuillez entrer un lien valide provenant du X de {product}.',
  duplicate: 'Ce tweet a déjà été publié sur le site.',
  fetched: 'Tweet récupéré avec succès !',
  needsTextAndImage: 'Le tweet doit comporter du texte et une image !',
  fetchFailed: 'Erreur lors de la récupération du tweet.',
  published: 'Actualité publiée avec succès !',
  updated: 'Actualité mise à jour avec succès !',
  createFailed: "Erreur lors de la création de l'actualité.",
  updateFailed: "Erreur lors de la mise à jour de l'actualité.",
  deleted: 'Actualité supprimée avec succès !',
  deleteFailed: 'Erreur lors de la suppression.',
  confirmDelete: 'Es-tu sûr de vouloir supprimer cette actualité ?',
  notAllowed: "Vous n'êtes pas autorisé à effectuer cette action.",
  invalidImage: 'Image invalide.',
  /** Each refusal of a title says what is wrong (a news item's or a contest's title). */
  titleRequired: 'Le titre est obligatoire.',
  titleTooLong: `Le titre ne peut pas dépasser ${NEWS_TITLE_MAX} caractères.`,
  titleAngleBrackets: 'Le titre ne peut pas contenir les caractères < et >.',
  /** `{word}`: script, javascript: or data:text. */
  titleForbidden: 'Le titre ne peut pas contenir « {word} ».',
  contentRequired: 'Le contenu est obligatoire.',
  contentTooLong: `Le contenu ne peut pas dépasser ${frenchCount(NEWS_CONTENT_MAX)} caractères.`,
  /** `{found}`: the refused piece as written (a tag, javascript:, data:text/html, onerror=). */
  contentForbidden: 'Le contenu ne peut pas contenir « {found} ».',
} as const;

/** An X post link: https://x.com/<account>/status/<id> (twitter.com and www. accepted). */
const TWEET_LINK =
  /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status\/(\d{1,25})(?:[/?#].*)?$/;

/** The account and post id of a link, or null when it is not a post link. */
export function parseTweetLink(url: string): { account: string; id: string } | null {
  const match = TWEET_LINK.exec(url.trim());
  return match ? { account: match[1]!, id: match[2]! } : null;
}

const tweetUrl = z.string().trim().min(1).max(300);

/** POST /actualite/proxy-tweet and GET /actualite/exists?url=. */
export const tweetLinkSchema = z.object({ url: tweetUrl });
/** The post's text and its image, already stored under /uploads/news. */
export const proxyTweetResponseSchema = z.object({
  text: z.string(),
  image: z.string(),
  message: z.string(),
});
export const tweetExistsSchema = z.object({ exists: z.boolean() });

/**
 * Spec section 5: a news title refuses angle brackets, the *word* script, data:text and
 * javascript:. "script" counts only as a word of its own (or its plural): 'inscriptions',
 * 'description' or 'JavaScript' contain it and are fine; 'Le script du match' is not. Letters
 * are Unicode letters, so 'éscript' is a word that merely contains it too.
 */
const TITLE_FORBIDDEN: readonly [RegExp, string][] = [
  [/javascript:/i, 'javascript:'],
  [/data:text/i, 'data:text'],
  [/(?<![\p{L}\p{N}_])scripts?(?![\p{L}\p{N}_])/iu, 'script'],
];

/** Why a (trimmed) title's content is refused, or null: the length rules are the schema's. */
export function newsTitleForbidden(title: string): string | null {
  if (/[<>]/.test(title)) return NEWS_TEXTS.titleAngleBrackets;
  for (const [pattern, word] of TITLE_FORBIDDEN)
    if (pattern.test(title)) return NEWS_TEXTS.titleForbidden.replace('{word}', word);
  return null;
}

/** A news (or contest) title: 1 to NEWS_TITLE_MAX characters once trimmed, nothing forbidden. */
export const newsTitleSchema = z
  .string()
  .trim()
  .min(1, { error: NEWS_TEXTS.titleRequired })
  .max(NEWS_TITLE_MAX, { error: NEWS_TEXTS.titleTooLong })
  .refine((v) => newsTitleForbidden(v) === null, {
    error: (issue) => newsTitleForbidden(String(issue.input)) ?? NEWS_TEXTS.titleRequired,
  });

/** Tags, scripts and inline handlers (section 5); a lone '<' or '<3' stays allowed. */
const CONTENT_FORBIDDEN = /<\s*\/?\s*[a-z][^>]*>|javascript:|data:text\/html|on(?:error|load)\s*=/i;

/** Why a news body is refused, naming the piece (shortened), or null. */
export function newsContentForbidden(content: string): string | null {
  const found = CONTENT_FORBIDDEN.exec(content)?.[0];
  if (found === undefined) return null;
  const shown = found.length > 40 ? `${found.slice(0, 39)}…` : found;
  return NEWS_TEXTS.contentForbidden.replace('{found}', shown);
}

/** A news body: 1 to NEWS_CONTENT_MAX characters once trimmed, no tags or scripts. */
export const newsContentSchema = z
  .string()
  .trim()
  .min(1, { error: NEWS_TEXTS.contentRequired })
  .max(NEWS_CONTENT_MAX, { error: NEWS_TEXTS.contentTooLong })
  .refine((v) => newsContentForbidden(v) === null, {
    error: (issue) => newsContentForbidden(String(issue.input)) ?? NEWS_TEXTS.contentRequired,
  });
/** 0 to 100 in steps of 5 (spec section 5), default 10. */
export const imageObjectPosYSchema = z
  .number()
  .int()
  .min(0)
  .max(100)
  .refine((v) => v % 5 === 0, { error: 'Position attendue par pas de 5.' });
/** An image stored by proxy-tweet (never an outside address). */
export const storedNewsImageSchema = z
  .string()
  .regex(/^\/uploads\/news\/[a-f0-9-]{36}\.webp$/, { error: NEWS_TEXTS.invalidImage });

/** POST /actualite: the author is the caller, whatever the body says. */
export const newsCreateSchema = z.object({
  titre: newsTitleSchema,
  contenu: newsContentSchema,
  image: storedNewsImageSchema,
  lien: tweetUrl,
  categorieId: z.number().int().positive().max(ID_MAX),
  imageObjectPosY: imageObjectPosYSchema.default(10),
  redacteurId: z.number().int().optional(),
});
/** PUT /actualite/{id}. */
export const newsUpdateSchema = z.object({
  titre: newsTitleSchema,
  contenu: newsContentSchema,
  categorieId: z.number().int().positive().max(ID_MAX),
  imageObjectPosY: imageObjectPosYSchema,
});
export const newsWriteResponseSchema = z.object({ message: z.string(), id: z.number().int() });

/**
 * POST /concours/image: the largest visual the API takes. The contest form names it also when
 * a proxy in front of the API refuses a larger file with a page of its own, which says nothing.
 */
export const CONTEST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** Contests: the spec's update toast, and one message per field that says what is wrong. */
export const CONTEST_TEXTS = {
  created: 'Concours créé avec succès !',
  updated: 'Concours mis à jour avec succès !',
  deleted: 'Concours supprimé avec succès !',
  /** Spec section 8's contest failure, when the server gives no reason. */
  failed: 'Une erreur est survenue.',
  deleteFailed: 'Erreur lors de la suppression.',
  confirmDelete: 'Es-tu sûr de vouloir supprimer ce concours ?',
  notFound: 'Concours introuvable.',
  endRequired: 'La date de fin est obligatoire.',
  invalidEnd: 'Date de fin invalide.',
  /** A contest is listed until its end: an end already passed would hide it at once. */
  pastEnd: 'La date de fin doit être dans le futur.',
  imageRequired: 'Ajoute une image au concours.',
  invalidImage: 'Image invalide.',
  /** The API's own words for a file over the cap (lib/uploads.ts). */
  imageTooLarge: `Fichier trop volumineux : ${CONTEST_IMAGE_MAX_BYTES / (1024 * 1024)} Mo maximum.`,
  invalidInstagramLink: 'Lien Instagram invalide.',
  invalidXLink: 'Lien X invalide.',
  instagramHint: 'Une adresse https://www.instagram.com/…',
  xHint: 'Une adresse https://x.com/…',
} as const;

/** Why a contest's end is refused at `now` (it must still be ahead), or null. */
export function contestEndProblem(end: Date, now: Date): string | null {
  if (Number.isNaN(end.getTime())) return CONTEST_TEXTS.invalidEnd;
  return end.getTime() <= now.getTime() ? CONTEST_TEXTS.pastEnd : null;
}

/** An https link on one of the platform's hosts, or empty (spec: either link optional). */
const platformLink = (hosts: string[], message: string) =>
  z
    .string()
    .trim()
    .max(300, { error: message })
    .refine(
      (v) => {
        if (v === '') return true;
        try {
          const url = new URL(v);
          return url.protocol === 'https:' && hosts.includes(url.hostname.toLowerCase());
        } catch {
          return false;
        }
      },
      { error: message },
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * POST /concours and PUT /concours/{id}: title, image and end date required (spec section 5);
 * the end must be ahead (contestEndProblem, checked by the service against its clock).
 */
export const contestInputSchema = z.object({
  titre: newsTitleSchema,
  dateFin: z.iso.datetime({ offset: true, error: CONTEST_TEXTS.invalidEnd }),
  image: z
    .string()
    .regex(/^\/uploads\/contests\/[a-f0-9-]{36}\.webp$/, { error: CONTEST_TEXTS.invalidImage }),
  lienInsta: platformLink(
    ['instagram.com', 'www.instagram.com'],
    CONTEST_TEXTS.invalidInstagramLink,
  ),
  lienX: platformLink(
    ['x.com', 'twitter.com', 'www.x.com', 'www.twitter.com'],
    CONTEST_TEXTS.invalidXLink,
  ),
});
export const contestImageResponseSchema = z.object({ image: z.string() });
export const contestWriteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
