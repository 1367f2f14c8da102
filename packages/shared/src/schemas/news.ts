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
  /** The editor's pseudo; null once their account is deleted. */
  redacteur: z.object({ username: z.string() }).nullable(),
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
  invalidTitle: 'Titre invalide.',
  invalidContent: 'Contenu invalide.',
  invalidImage: 'Image invalide.',
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

/** A news title: no HTML and none of the section 5 patterns. */
const NEWS_TITLE_FORBIDDEN = /[<>]|script|data:text|javascript:/i;
export const newsTitleSchema = z
  .string()
  .trim()
  .min(1, { error: NEWS_TEXTS.invalidTitle })
  .max(200, { error: NEWS_TEXTS.invalidTitle })
  .refine((v) => !NEWS_TITLE_FORBIDDEN.test(v), { error: NEWS_TEXTS.invalidTitle });
export const newsContentSchema = z
  .string()
  .trim()
  .min(1, { error: NEWS_TEXTS.invalidContent })
  .max(5000, { error: NEWS_TEXTS.invalidContent })
  .refine((v) => !/<\s*\/?\s*[a-z][^>]*>|javascript:|data:text\/html|on(error|load)\s*=/i.test(v), {
    error: NEWS_TEXTS.invalidContent,
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

export const CONTEST_TEXTS = {
  saved: 'Concours enregistré avec succès !',
  deleted: 'Concours supprimé avec succès !',
  invalidTitle: 'Titre invalide.',
  invalidEnd: 'Date de fin invalide.',
  invalidImage: 'Image invalide.',
  invalidLink: 'Lien invalide.',
} as const;

/** An https link on one of the platform's hosts, or empty (spec: either link optional). */
const platformLink = (hosts: string[]) =>
  z
    .string()
    .trim()
    .max(300)
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
      { error: CONTEST_TEXTS.invalidLink },
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** POST /concours and PUT /concours/{id}: title, image and end date required (spec section 5). */
export const contestInputSchema = z.object({
  titre: newsTitleSchema,
  dateFin: z.iso.datetime({ offset: true, error: CONTEST_TEXTS.invalidEnd }),
  image: z
    .string()
    .regex(/^\/uploads\/contests\/[a-f0-9-]{36}\.webp$/, { error: CONTEST_TEXTS.invalidImage }),
  lienInsta: platformLink(['instagram.com', 'www.instagram.com']),
  lienX: platformLink(['x.com', 'twitter.com', 'www.x.com', 'www.twitter.com']),
});
export const contestImageResponseSchema = z.object({ image: z.string() });
export const contestWriteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
