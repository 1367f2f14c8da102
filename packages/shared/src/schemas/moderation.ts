import { z } from 'zod';
import '../zod-locale.js';
import { isSafeText } from './common.js';
import { multilineText } from './text.js';

/** Moderation (spec sections 5 and 6): reports queue, sanctions, suspensions, audit log. */

export const MODERATION_LIMITS = {
  reason: { min: 5, max: 500 },
  days: { min: 1, max: 365 },
  reportsPageSize: 20,
  auditPageSize: 50,
} as const;

const { reason: R, days: D } = MODERATION_LIMITS;

export const MODERATION_TEXTS = {
  reasonLength: `La raison doit contenir entre ${R.min} et ${R.max} caractères.`,
  reasonForbidden: 'La raison contient des caractères interdits.',
  days: `La durée doit être comprise entre ${D.min} et ${D.max} jours.`,
  reportNotFound: 'Signalement introuvable.',
  reportHandled: 'Ce signalement a déjà été traité.',
  userNotFound: 'Membre introuvable.',
  notSuspendable: 'Ce compte ne peut pas être sanctionné (compte supprimé ou non confirmé).',
  notSuspended: 'Ce membre n’est pas suspendu.',
  self: 'Tu ne peux pas te sanctionner toi-même.',
  ownReport: 'Un autre modérateur doit traiter un signalement qui te concerne.',
  higherRole: 'Tu ne peux pas sanctionner un membre de rang égal ou supérieur au tien.',
  higherSanction:
    'Cette sanction a été prononcée par un membre de rang supérieur au tien : tu ne peux ni la lever ni la modifier.',
  dismissed: 'Signalement classé.',
  warned: 'Avertissement envoyé au membre.',
  suspended: 'Membre suspendu.',
  banned: 'Membre banni.',
  lifted: 'Suspension levée.',
} as const;

/** Login and refresh of a suspended or banned member (modules/auth). */
export function suspendedAccountMessage(until: Date | null): string {
  if (!until) return 'Ton compte est banni.';
  const date = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(until);
  return `Ton compte est suspendu jusqu’au ${date}.`;
}

/** What a moderator writes to justify a sanction: 5 to 500 characters, trimmed, no markup. */
export const moderationReasonSchema = multilineText()
  .trim()
  .min(R.min, { error: MODERATION_TEXTS.reasonLength })
  .max(R.max, { error: MODERATION_TEXTS.reasonLength })
  .refine(isSafeText, { error: MODERATION_TEXTS.reasonForbidden });

/** warn and ban: the reason is required. */
export const sanctionSchema = z.object({
  reason: z.string({ error: MODERATION_TEXTS.reasonLength }).pipe(moderationReasonSchema),
});
export type SanctionInput = z.input<typeof sanctionSchema>;

/** suspend: the reason and a whole number of days, 1 to 365. */
export const suspendSchema = sanctionSchema.extend({
  days: z.coerce
    .number({ error: MODERATION_TEXTS.days })
    .int({ error: MODERATION_TEXTS.days })
    .min(D.min, { error: MODERATION_TEXTS.days })
    .max(D.max, { error: MODERATION_TEXTS.days }),
});
export type SuspendInput = z.input<typeof suspendSchema>;

/** dismiss and lift: a note is optional; empty means none. */
export const optionalReasonSchema = z.object({
  reason: z
    .union([z.literal(''), moderationReasonSchema])
    .optional()
    .transform((v) => v || undefined),
});
export type OptionalReasonInput = z.input<typeof optionalReasonSchema>;

export const REPORT_STATUSES = ['OPEN', 'REVIEWED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const reportsQuerySchema = z.object({
  /** OPEN (the queue) unless asked otherwise. */
  status: z.enum(REPORT_STATUSES).default('OPEN'),
  page,
});

const memberRefSchema = z.object({ id: z.number(), pseudo: z.string() });

export const reportedMemberSchema = memberRefSchema.extend({
  avatar: z.string().nullable(),
  role: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'SUSPENDED', 'DELETED']),
  /** ISO; null while SUSPENDED means banned. */
  suspendedUntil: z.string().nullable(),
});

/** What was reported: a carpool (match and opponent), a message (its text), or nothing. */
export const reportContextSchema = z.object({
  type: z.string().nullable(),
  id: z.number().nullable(),
  /** carpool_relation: kickoff (ISO) and the other club. */
  match: z.object({ kickoffAt: z.string(), opponent: z.string() }).nullable(),
  /** message: the message as sent (shown as text, never as HTML). */
  messageText: z.string().nullable(),
});

export const moderationReportSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** 'profil', 'covoiturage', 'message' or 'actualite'. */
  section: z.string(),
  reason: z.string(),
  customReason: z.string().nullable(),
  reported: reportedMemberSchema,
  reporter: memberRefSchema,
  context: reportContextSchema,
  handledBy: memberRefSchema.nullable(),
  handledAt: z.string().nullable(),
});
export type ModerationReport = z.output<typeof moderationReportSchema>;

export const reportsPageSchema = z.object({
  items: z.array(moderationReportSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ReportsPage = z.output<typeof reportsPageSchema>;

export const suspendedMemberSchema = memberRefSchema.extend({
  avatar: z.string().nullable(),
  /** ISO end of the suspension; null = banned until lifted by hand. */
  suspendedUntil: z.string().nullable(),
});
export type SuspendedMember = z.output<typeof suspendedMemberSchema>;

export const sanctionResponseSchema = z.object({
  message: z.string(),
  /** ISO end of the suspension; null for a ban. Absent for other actions. */
  suspendedUntil: z.string().nullable().optional(),
});

export const auditQuerySchema = z.object({
  /** Action prefix, e.g. 'moderation.' or 'news.delete'. */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z._-]*$/, { error: 'Filtre d’action invalide.' })
    .optional(),
  targetType: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_-]*$/, { error: 'Type de cible invalide.' })
    .optional(),
  targetId: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Cible invalide.' })
    .optional(),
  page,
});

export const auditEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  action: z.string(),
  /** null: the system (e.g. the automatic end of a suspension) or a shell operator. */
  actor: memberRefSchema.nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.output<typeof auditPageSchema>;
