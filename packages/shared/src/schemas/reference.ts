import { z } from 'zod';
import '../zod-locale.js';

/** Spec section 3: a club as the match block shows it. */
export const clubSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  /** URL of the crest image (served from /clubs/...). */
  logo: z.string(),
  /** URL of the stadium background image, if any. */
  stade: z.string().nullable(),
  nomStade: z.string().nullable(),
  ville: z.string().nullable(),
  /** Department code without 'FR-' (e.g. '06', '2A', '974'). */
  departement_club: z.string().nullable(),
  /** The club's live feed (https), linked while its match is live; null = the site's default. */
  live_feed_url: z.string().nullish(),
});
export type Club = z.infer<typeof clubSchema>;

/** Spec section 3: Match. `date` is the kickoff as an ISO UTC instant; `heure` is 'HH:mm' UTC. */
export const matchSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  heure: z.string(),
  journee: z.number().int(),
  hashtag: z.string().nullable(),
  /** 1 is the nearest match that is not finished. */
  ordre: z.number().int(),
  is_finish: z.boolean(),
  /** false once kickoff has passed: predictions are locked. */
  edit_pronostic: z.boolean(),
  buts_dom: z.number().int().nullable(),
  buts_ext: z.number().int().nullable(),
  club_dom: clubSchema,
  club_ext: clubSchema,
  /** Ticket office link (https); null = the site's default. Always sent by the API. */
  ticket_url: z.string().nullish(),
});
export type Match = z.infer<typeof matchSchema>;

/** Spec section 3: League table row. */
export const leagueRowSchema = z.object({
  position: z.number().int(),
  club: z.object({ id: z.number().int(), nom: z.string(), logo: z.string() }),
  matchs_joues: z.number().int(),
  points: z.number().int(),
  diff_buts: z.number().int(),
});
export type LeagueRow = z.infer<typeof leagueRowSchema>;

export const transportTypeSchema = z.object({ id: z.number().int(), libelle: z.string() });
export type TransportType = z.infer<typeof transportTypeSchema>;

export const antennaSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  categorie: z.string(),
});
export type Antenna = z.infer<typeof antennaSchema>;

/**
 * The reason that asks the member for free text (spec section 5): listed last in every list,
 * never renamed nor deleted by administrators.
 */
export const OTHER_REASON_LABEL = 'Autre';
/**
 * Whether a reason is 'Autre': the one check of the API, the web and the schemas. Any case and
 * surrounding spaces, because administrators type labels and older rows were typed by hand.
 */
export function isOtherReason(label: string | null | undefined): boolean {
  return label?.trim().toLowerCase() === OTHER_REASON_LABEL.toLowerCase();
}

/** A reason (motif) for a cancellation, an exclusion or a report; 'Autre' comes last. */
export const reasonSchema = z.object({ id: z.number().int(), label: z.string() });
export type Reason = z.infer<typeof reasonSchema>;

export const newsCategorySchema = z.object({ id: z.number().int(), libelle: z.string() });
export type NewsCategory = z.infer<typeof newsCategorySchema>;

export const REASON_KINDS = ['annulation', 'exclusion'] as const;
/** Report sections (GET /motifs-signalement/{section}). */
export const REPORT_SECTIONS = ['profil', 'covoiturage', 'message', 'actualite'] as const;

/**
 * A French department: code without 'FR-' ('01'..'95', '2A', '2B', '971'..'976') and name; also
 * Monaco ('MC', 'Monaco'), listed right after the Alpes-Maritimes (06).
 */
export const departmentSchema = z.object({ code: z.string(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;

/** GET /motifs-signalement/:section. */
export const reportSectionParamSchema = z.object({
  section: z.enum(REPORT_SECTIONS, { error: 'Section inconnue.' }),
});
