import { z } from 'zod';

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
