import { z } from 'zod';
import '../zod-locale.js';
import { ROLES } from '../limits.js';
import { pageSchema } from './common.js';
import { moderationReportSchema, reportedMemberSchema } from './moderation.js';

/**
 * The moderators' workspace (MODERATEUR and above): the open reports grouped per reported
 * member, their count for the navigation, the member search and a member's moderation page.
 * The sanctions themselves (warn, silence, suspend, ban, lift) are the endpoints of
 * schemas/moderation.ts.
 */

export const MODERATION_WORKSPACE_LIMITS = {
  /** Members per page of the grouped queue. */
  queuePageSize: 20,
  /** Open reports shown in one member's group (the group's count says how many in all). */
  reportsPerGroup: 10,
  /** Results of a member search: enough to pick one, never the whole table. */
  searchResults: 20,
  /** Reports about and by a member shown on their page, newest first. */
  memberReports: 20,
  /** Sanctions shown on a member's page, newest first. */
  memberSanctions: 50,
} as const;

export const MODERATION_WORKSPACE_TEXTS = {
  memberNotFound: 'Membre introuvable.',
  queueFailed: 'Impossible de charger les signalements.',
  memberFailed: 'Impossible de charger la fiche du membre.',
  searchFailed: 'La recherche a échoué.',
} as const;

/** The sanctions a member page lists: the audit actions 'moderation.user.<kind>'. */
export const SANCTION_KINDS = ['warn', 'silence', 'suspend', 'ban', 'lift'] as const;
export type SanctionKindName = (typeof SANCTION_KINDS)[number];

/** GET /moderation/queue?page= */
export const queueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/**
 * A member as moderators see them: `suspendedUntil` as in the reports queue (null while
 * SUSPENDED = banned); `silencedUntil` only while the silence is in force (null otherwise).
 */
export const moderatedMemberSchema = reportedMemberSchema.extend({
  silencedUntil: z.string().nullable(),
  /**
   * Sanctions in force that a higher rank than the caller's imposed: the caller may neither
   * lift nor change them (a moderator before an admin's suspension), so no button offers it.
   */
  heldAbove: z.object({ suspension: z.boolean(), silence: z.boolean() }),
});
export type ModeratedMember = z.output<typeof moderatedMemberSchema>;

/** One reported member of the queue: their open reports, counted and grouped by reason. */
export const queueGroupSchema = z.object({
  member: moderatedMemberSchema,
  /** Every open report about them (the group shows at most reportsPerGroup of them). */
  openCount: z.number().int(),
  /** The reasons of their open reports, most frequent first. */
  reasons: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** ISO date of their latest open report. */
  latestAt: z.string(),
  /** Their open reports, newest first. */
  reports: z.array(moderationReportSchema),
});
export type QueueGroup = z.output<typeof queueGroupSchema>;

/**
 * Members with the most open reports first, then the most recently reported. `total` counts
 * the members, `open` their open reports; both only those the caller may handle.
 */
export const queuePageSchema = pageSchema(queueGroupSchema).extend({ open: z.number().int() });
export type QueuePage = z.output<typeof queuePageSchema>;

/** GET /moderation/reports/count: the open reports the caller may handle (the badge). */
export const openReportsCountSchema = z.object({ open: z.number().int() });

/** How many sanctions a member received, by kind (audit rows 'moderation.user.*'). */
export const sanctionCountsSchema = z.object({
  warn: z.number().int(),
  silence: z.number().int(),
  suspend: z.number().int(),
  ban: z.number().int(),
});
export type SanctionCounts = z.output<typeof sanctionCountsSchema>;

export const moderationSearchResultSchema = moderatedMemberSchema.extend({
  email: z.string(),
  /** Open reports about them that the caller may handle. */
  openReports: z.number().int(),
  sanctions: sanctionCountsSchema,
});
export type ModerationSearchResult = z.output<typeof moderationSearchResultSchema>;

/** One past sanction (or its lifting): who, why, when, from its audit row. */
export const sanctionEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(SANCTION_KINDS),
  /** ISO date of the decision. */
  at: z.string(),
  /** null: the system (a suspension that ended by itself) or a shell operator. */
  by: z.object({ id: z.number(), pseudo: z.string(), role: z.enum(ROLES) }).nullable(),
  reason: z.string().nullable(),
  /** silence and suspend: their length and end (ISO). */
  days: z.number().nullable(),
  until: z.string().nullable(),
  /** lift: what it lifted, when the row says so ('suspension', 'ban' or 'silence'). */
  lifted: z.string().nullable(),
  /** The report the sanction answered, if it came from the queue. */
  reportId: z.number().nullable(),
});
export type SanctionEntry = z.output<typeof sanctionEntrySchema>;

/** What the product knows of a member's carpools: ratings received, cancellations. */
export const carpoolReliabilitySchema = z.object({
  /** Average of the ratings received, out of 5; null = never rated. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Carpools confirmed with them as driver or passenger. */
  confirmed: z.number().int(),
  /** Carpools they cancelled (the app's own cancellations, e.g. after a ban, left out)... */
  cancelled: z.number().int(),
  /** ...of which after they had been confirmed. */
  cancelledAfterConfirmation: z.number().int(),
  /** Times a driver excluded them from a carpool. */
  excluded: z.number().int(),
});
export type CarpoolReliability = z.output<typeof carpoolReliabilitySchema>;

/** GET /moderation/users/:id: everything a moderator needs to decide about one member. */
export const moderationMemberSchema = z.object({
  member: moderatedMemberSchema.extend({
    email: z.string(),
    /** ISO registration date. */
    createdAt: z.string(),
    /** Why the current suspension or ban was imposed; null when none is in force. */
    suspensionReason: z.string().nullable(),
    /** Why they are silenced; null when no silence is in force. */
    silenceReason: z.string().nullable(),
  }),
  /**
   * false when the caller may not see the reports about this member (reports about a
   * moderator or an admin are for admins only): `reportsAbout` is then empty.
   */
  reportsVisible: z.boolean(),
  /** The caller outranks them (and is not them): the sanction buttons apply. */
  canSanction: z.boolean(),
  openReports: z.number().int(),
  reportsAbout: z.array(moderationReportSchema),
  reportsAboutTotal: z.number().int(),
  reportsBy: z.array(moderationReportSchema),
  reportsByTotal: z.number().int(),
  sanctions: z.array(sanctionEntrySchema),
  carpool: carpoolReliabilitySchema,
});
export type ModerationMember = z.output<typeof moderationMemberSchema>;
