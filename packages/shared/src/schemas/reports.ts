import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';
import { REPORT_SECTIONS } from './reference.js';

/** Report schemas of spec sections 3 (Report) and 5 (Report rules). */

export const REPORT_TEXTS = {
  invalidMotif: 'Veuillez sélectionner un motif valide pour le signalement.',
  customReasonLength: `Le motif doit contenir entre ${LIMITS.reportReason.min} et ${LIMITS.reportReason.max} caractères.`,
  customReasonForbidden: 'Le motif contient des caractères interdits.',
  self: 'Tu ne peux pas te signaler toi-même.',
  unknownUser: 'Utilisateur introuvable',
  tooMany: 'Trop de signalements envoyés. Réessaie plus tard.',
  sent: 'Signalement envoyé avec succès.',
  // The reporter's earlier report about this member, in this section, is still open: nothing
  // new was stored (one open report per reporter, member and section), and they are told so.
  alreadyOpen: 'Tu as déjà signalé ce profil : les modérateurs examinent ton signalement.',
  failed: "Erreur lors de l'envoi du signalement.",
} as const;

/** Free text of an 'Autre' profile report: 10 to 255 characters after trim, no forbidden text. */
export const reportCustomReasonSchema = z
  .string({ error: REPORT_TEXTS.customReasonLength })
  .trim()
  .min(LIMITS.reportReason.min, { error: REPORT_TEXTS.customReasonLength })
  .max(LIMITS.reportReason.max, { error: REPORT_TEXTS.customReasonLength })
  .refine(isSafeText, { error: REPORT_TEXTS.customReasonForbidden });

/**
 * POST /user-signalement. `customReason` is checked against the motif by the server (required
 * and validated only when the motif is 'Autre', ignored otherwise), so here it is any string.
 */
export const reportRequestSchema = z.object({
  /** Id of the reported member. */
  to: z.coerce
    .number({ error: REPORT_TEXTS.unknownUser })
    .int({ error: REPORT_TEXTS.unknownUser })
    .positive({ error: REPORT_TEXTS.unknownUser })
    .max(ID_MAX, { error: REPORT_TEXTS.unknownUser }),
  /** A SIGNALEMENT reason of `section` (GET /motifs-signalement/{section}). */
  motifId: z.coerce
    .number({ error: REPORT_TEXTS.invalidMotif })
    .int({ error: REPORT_TEXTS.invalidMotif })
    .positive({ error: REPORT_TEXTS.invalidMotif })
    .max(ID_MAX, { error: REPORT_TEXTS.invalidMotif }),
  customReason: z
    .string({ error: REPORT_TEXTS.customReasonLength })
    .max(2000, { error: REPORT_TEXTS.customReasonLength })
    .nullable()
    .optional(),
  /** Where the report comes from; the profile page by default. */
  section: z
    .enum(REPORT_SECTIONS, { error: REPORT_TEXTS.invalidMotif })
    .optional()
    .default('profil'),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;
