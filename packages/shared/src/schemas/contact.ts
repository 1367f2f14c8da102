import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { isSafeText } from './common.js';

/** Spec section 5 (Contact): the subjects offered by the form. */
export const CONTACT_OBJETS = [
  'Renseignement',
  'Signaler un problème',
  'Partenariat',
  'Autre',
] as const;
export type ContactObjet = (typeof CONTACT_OBJETS)[number];

/** Letters (accents included) and hyphens only, 1 to 25 characters (spec section 5). */
const NAME = /^[A-Za-zÀ-ÖØ-öø-ÿ-]{1,25}$/;
/** An address like a@b.c with the login field's characters: letters, digits, @ . _ - */
const EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.[A-Za-z]{2,}$/;

/** Under a refused first or last name: what the rule accepts, since a space is refused. */
export const CONTACT_NAME_HINT =
  'Lettres (accents compris) et tirets, 25 au plus : écris « De-La-Fuente » pour « De La Fuente ».';

const name = (message: string) =>
  z.string({ error: message }).trim().regex(NAME, { error: message });

/** POST /contact body; the contact page validates with the same schema. */
export const contactRequestSchema = z.object({
  /** 1 to 25 letters or hyphens. */
  prenom: name('Prénom invalide.'),
  /** 1 to 25 letters or hyphens. */
  nom: name('Nom invalide.'),
  /** At most 40 characters, letters, digits and @ . _ - */
  email: z
    .string({ error: 'Adresse email invalide.' })
    .trim()
    .max(LIMITS.loginEmailMax, { error: 'Adresse email invalide.' })
    .regex(EMAIL, { error: 'Adresse email invalide.' }),
  /** One of CONTACT_OBJETS. */
  objet: z.enum(CONTACT_OBJETS, { error: 'Veuillez sélectionner un objet valide.' }),
  /** 10 to 300 characters after trimming, without HTML, scripts or inline handlers. */
  message: z
    .string({ error: 'Message invalide ou trop court.' })
    .trim()
    .min(LIMITS.contactMessage.min, { error: 'Message invalide ou trop court.' })
    .max(LIMITS.contactMessage.max, { error: 'Message invalide ou trop court.' })
    .refine(isSafeText, { error: 'Message invalide ou trop court.' }),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const CONTACT_SUCCESS_MESSAGE = 'Message envoyé avec succès !';
