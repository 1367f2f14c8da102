import { z } from 'zod';
import '../zod-locale.js';
import { isSafeText, pageSchema } from './common.js';
import { multilineText } from './text.js';
import { JOURNAL_FILTER_TEXTS } from '../journal.js';

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
  nothingInForce: 'Ce membre n’a aucune sanction en cours.',
  self: 'Tu ne peux pas te sanctionner toi-même.',
  ownReport: 'Un autre modérateur doit traiter un signalement qui te concerne.',
  higherRole: 'Tu ne peux pas sanctionner un membre de rang égal ou supérieur au tien.',
  higherSanction:
    'Cette sanction a été prononcée par un membre de rang supérieur au tien : tu ne peux ni la lever ni la modifier.',
  /** A sanction never lightens the one in force by replacing it: lifting it is its own act. */
  alreadyBanned:
    'Ce membre est déjà banni. Lève le bannissement d’abord si tu veux le remplacer par une suspension.',
  longerSuspension: (until: Date) =>
    `Ce membre est déjà suspendu jusqu’au ${sanctionEndText(until)}, plus longtemps que cette suspension. Lève-la d’abord si tu veux la raccourcir.`,
  longerSilence: (until: Date) =>
    `Ce membre est déjà réduit au silence jusqu’au ${sanctionEndText(until)}, plus longtemps que ce silence. Lève-le d’abord si tu veux le raccourcir.`,
  dismissed: 'Signalement classé.',
  warned: 'Avertissement envoyé au membre.',
  suspended: 'Membre suspendu.',
  banned: 'Membre banni.',
  silenced: 'Membre réduit au silence.',
  /** What POST /moderation/users/:id/lift answers, after what it lifted. */
  lifted: {
    suspension: 'Suspension levée.',
    ban: 'Bannissement levé.',
    silence: 'Silence levé.',
    several: 'Sanctions levées.',
  },
} as const;

/** A sanction a lift ends (the `lifted` of its audit row). */
export type LiftedSanction = 'suspension' | 'ban' | 'silence';

/** '14 juillet 2031 à 10:30', in Monaco's time: the end of a sanction as members read it. */
export function sanctionEndText(until: Date): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(until);
}

/** 'sentence : reason.' (no second full stop when the reason ends with one), or 'sentence.'. */
function withReason(sentence: string, reason: string | null | undefined): string {
  const why = reason?.trim();
  if (!why) return `${sentence}.`;
  return `${sentence} : ${why}${/[.!?…]$/.test(why) ? '' : '.'}`;
}

/**
 * Login and refresh of a suspended or banned member (modules/auth), with the moderator's
 * reason when one was given: 'Ton compte est suspendu jusqu’au 17 juillet 2031 à 10:30 : Spam.'
 */
export function suspendedAccountMessage(until: Date | null, reason?: string | null): string {
  if (!until) return withReason('Ton compte est banni', reason);
  return withReason(`Ton compte est suspendu jusqu’au ${sanctionEndText(until)}`, reason);
}

/**
 * What a silenced member reads when they try to write to others (403): 'Tu ne peux plus écrire
 * aux autres membres jusqu’au 14 juillet 2031 à 10:30 : Insultes répétées.'
 */
export function silencedMessage(until: Date, reason: string | null): string {
  return withReason(
    `Tu ne peux plus écrire aux autres membres jusqu’au ${sanctionEndText(until)}`,
    reason,
  );
}

/**
 * What a member reads of their own sanction: the page of a session ended by a suspension
 * (/compte-suspendu) and the login refusal's link to the association.
 */
export const SANCTION_TEXTS = {
  suspendedTitle: 'Ton compte est suspendu',
  bannedTitle: 'Ton compte est banni',
  until: (end: string) => `Jusqu’au ${end}`,
  reason: 'Raison :',
  suspendedBody:
    'Tu as été déconnecté(e) : l’équipe de modération a suspendu ton compte. Tu pourras te reconnecter à la fin de la suspension.',
  bannedBody: 'Tu as été déconnecté(e) : l’équipe de modération a banni ton compte.',
  contactHint: 'Une question, une contestation ? L’association te répond.',
  contact: 'Écrire à l’association',
  home: 'Retour à l’accueil',
} as const;

/** The staff-only badge on a silenced member's profile (/profil/:pseudo). */
export function silencedBadgeText(until: Date): string {
  return `Réduit au silence jusqu’au ${sanctionEndText(until)}`;
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

/** silence: like a suspension, the reason and 1 to 365 days. */
export const silenceSchema = suspendSchema;
export type SilenceInput = z.input<typeof silenceSchema>;

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
  /** message, group_message: the message as sent (shown as text, never as HTML). */
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

export const reportsPageSchema = pageSchema(moderationReportSchema);
export type ReportsPage = z.output<typeof reportsPageSchema>;

/** A member under a sanction in force: suspended, banned or silenced (or two of them). */
export const suspendedMemberSchema = memberRefSchema.extend({
  avatar: z.string().nullable(),
  /** true while suspended or banned (status SUSPENDED). */
  suspended: z.boolean(),
  /** ISO end of the suspension; null = banned until lifted by hand (or not suspended). */
  suspendedUntil: z.string().nullable(),
  /** ISO end of a silence in force; null when not silenced. */
  silencedUntil: z.string().nullable(),
  /** false when a higher rank than the caller's imposed one of them: only that rank lifts it. */
  canLift: z.boolean(),
});
export type SuspendedMember = z.output<typeof suspendedMemberSchema>;

export const sanctionResponseSchema = z.object({
  message: z.string(),
  /** ISO end of the suspension; null for a ban. Absent for other actions. */
  suspendedUntil: z.string().nullable().optional(),
});

export const silenceResponseSchema = z.object({
  message: z.string(),
  /** ISO end of the silence: until then the member cannot write to others. */
  silencedUntil: z.string(),
});

/** A day typed in the journal's filters, 'YYYY-MM-DD' (a real calendar date, 1900 to 2099). */
const auditDay = z
  .string()
  .trim()
  .regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, { error: JOURNAL_FILTER_TEXTS.day })
  // Runs even when the pattern failed: an unparsable text must not throw here.
  .refine(
    (v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
    },
    { error: JOURNAL_FILTER_TEXTS.day },
  )
  .optional();

/**
 * A member named in the journal's filters by pseudo (resolved by the API, any case). A leading
 * '@', as members write each other's names, is dropped.
 */
const auditPseudo = z
  .string()
  .trim()
  .max(40, { error: JOURNAL_FILTER_TEXTS.pseudo })
  .regex(/^@?\w*$/, { error: JOURNAL_FILTER_TEXTS.pseudo })
  .optional()
  .transform((v) => v?.replace(/^@/, '') || undefined);

const auditId = z.coerce.number().int().min(1).max(2_147_483_647).optional();

/**
 * GET /moderation/audit. Every filter is optional and they combine (AND). `from`/`to` are
 * whole days in Europe/Paris, both included.
 */
export const auditQuerySchema = z
  .object({
    /** An action name ('news.delete': that action only) or a prefix ending in '.' ('moderation.'). */
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
    /** Who acted. */
    actorId: auditId,
    /** The member the action was about (a sanction, a role, a dismissed report about them…). */
    targetUserId: auditId,
    /** Who acted, by pseudo (400 with the field named when nobody has it). */
    actor: auditPseudo,
    /** The member the action was about, by pseudo (400 with the field named when unknown). */
    member: auditPseudo,
    from: auditDay,
    to: auditDay,
    page,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: JOURNAL_FILTER_TEXTS.range,
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  action: z.string(),
  /**
   * null: the system (e.g. the automatic end of a suspension) or a shell operator. `role` is
   * their role now; `deleted`: the account was deleted since (its pseudo is not shown).
   */
  actor: memberRefSchema.extend({ role: z.string(), deleted: z.boolean() }).nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * What the target was called when the action happened (stored with the row); for rows
   * older than that column, read now from the target, or a word saying it is gone
   * ('membre supprimé'). A member whose account was deleted since is never named.
   */
  targetLabel: z.string().nullable(),
  /** The member the action was about, as they are now (for a link to their profile). */
  targetUser: memberRefSchema.nullable(),
  /**
   * What an edit changed: the value before and after (a role, a score `{ buts_dom, buts_ext }`
   * or null, an object of fields). null when the action changed no value. `from` is absent
   * when the row did not record it (older rows).
   */
  change: z.object({ from: z.unknown().optional(), to: z.unknown() }).nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.output<typeof auditPageSchema>;
