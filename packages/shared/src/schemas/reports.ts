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
  // The same rule for a message: the moderators already have one of this member's messages.
  alreadyOpenMessage:
    'Tu as déjà signalé un message de ce membre : les modérateurs examinent ton signalement.',
  unknownMessage: 'Message introuvable.',
  confirmProfile: 'Confirmer le signalement de ce profil ?',
  confirmMessage: 'Confirmer le signalement de ce message ?',
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
/** A JSON number only: `true` or '12' is not a message (the older fields coerce, for the spec's clients). */
const messageIdSchema = z
  .number({ error: REPORT_TEXTS.unknownMessage })
  .int({ error: REPORT_TEXTS.unknownMessage })
  .positive({ error: REPORT_TEXTS.unknownMessage })
  .max(ID_MAX, { error: REPORT_TEXTS.unknownMessage });

export const reportRequestSchema = z
  .object({
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
    /**
     * The private message (`messageId`) or group-thread message (`groupMessageId`) reported, with
     * section 'message': the moderators then read its text. At most one of the two.
     */
    messageId: messageIdSchema.optional(),
    groupMessageId: messageIdSchema.optional(),
  })
  .refine((r) => r.messageId === undefined || r.groupMessageId === undefined, {
    error: REPORT_TEXTS.unknownMessage,
    path: ['messageId'],
  })
  .refine(
    (r) => (r.messageId === undefined && r.groupMessageId === undefined) || r.section === 'message',
    { error: REPORT_TEXTS.invalidMotif, path: ['section'] },
  );
export type ReportRequest = z.input<typeof reportRequestSchema>;
