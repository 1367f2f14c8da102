import { z } from 'zod';
import '../zod-locale.js';
import { text } from './text.js';
import { LIMITS } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';

/** The prediction game (spec sections 2, 3, 4, 7, 8 and 9), leaderboard and mini-leagues. */

export const PREDICTION_TEXTS = {
  saved: 'Pronostic enregistré avec succès !',
  saveFailed: 'Erreur lors de la sauvegarde',
  /** Refused after kickoff, for a finished match, or when there is no next match. */
  unavailable: 'Match indisponible, réessayer plus tard',
  none: "TU N'AS PAS FAIT DE PRONOSTIC POUR CE MATCH",
  computing: 'POINTS EN COURS DE CALCUL...',
  pointsFailed: 'Erreur lors de la récupération des points',
  confirmedAtKickoff: 'VOTRE PRONO SERA CONFIRMÉ EN DÉBUT DE MATCH',
  score: 'Le score doit être un nombre entier entre 0 et 50.',
  /** Under the scores, once a score typed above 50 has been brought down to 50. */
  capped: 'Pas plus de 50 buts : le score a été ramené à 50.',
  notYours: 'Tu ne peux accéder qu’à tes propres pronostics.',
  notFound: 'Aucun pronostic pour ce match.',
  userNotFound: 'Utilisateur introuvable.',
  rankingFailed: 'Erreur lors de la récupération du classement.',
} as const;

/** Points of one prediction (spec section 9): exact 5, result + goal difference 3, result 1. */
export const PREDICTION_POINTS = LIMITS.predictionPoints;

const score = z
  .number({ error: PREDICTION_TEXTS.score })
  .int({ error: PREDICTION_TEXTS.score })
  .min(0, { error: PREDICTION_TEXTS.score })
  .max(LIMITS.predictionScoreMax, { error: PREDICTION_TEXTS.score });

/**
 * What the web form field accepts before converting to a number: digits only, 0 to 50
 * (the API takes JSON integers, `predictionInputSchema`).
 */
export const scoreFieldSchema = z
  .string()
  .regex(/^\d{1,2}$/, { error: PREDICTION_TEXTS.score })
  .refine((s) => Number(s) <= LIMITS.predictionScoreMax, { error: PREDICTION_TEXTS.score });

/**
 * POST /user-pronostic-match (signed in). `userId` must be the caller (403 otherwise).
 * Without `match_id` it applies to the ordre-1 match. Refused with 400 { message:
 * 'Match indisponible, réessayer plus tard' } once the match has kicked off or is finished.
 * Creates or replaces the caller's prediction; replies { message: 'Pronostic enregistré avec
 * succès !' }.
 */
export const predictionInputSchema = z.object({
  userId: z.number().int().positive().max(ID_MAX),
  score_club_dom: score,
  score_club_ext: score,
  match_id: z.number().int().positive().max(ID_MAX).optional(),
});
export type PredictionInput = z.infer<typeof predictionInputSchema>;

/** GET /user-pronostic-match/{userId}/{matchId} (own only, 403 otherwise; 404 if none). */
export const predictionSchema = z.object({
  score_club_dom: z.number().int(),
  score_club_ext: z.number().int(),
});
export type Prediction = z.infer<typeof predictionSchema>;
export const predictionParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(ID_MAX),
  matchId: z.coerce.number().int().positive().max(ID_MAX),
});

/**
 * GET /user-pronostic-match/points/prochain[?match_id=] (signed in). The match is `match_id`,
 * or by default the most recent match that has kicked off (live or finished); null when none.
 * - has_pronostic false → 'TU N'AS PAS FAIT DE PRONOSTIC POUR CE MATCH'
 * - has_pronostic true and points null (not scored yet) → 'POINTS EN COURS DE CALCUL...'
 * - otherwise '+{points} points'.
 */
export const pointsQuerySchema = z.object({
  match_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
});
export const pointsResponseSchema = z.object({
  match_id: z.number().int().nullable(),
  is_finish: z.boolean(),
  has_pronostic: z.boolean(),
  points: z.number().int().nullable(),
});
export type PointsResponse = z.infer<typeof pointsResponseSchema>;

/**
 * POST /user-pronostic-match/mes-pronos (public). `publicId` is the member's pseudo (any case)
 * or numeric id as a string or number: pseudos always contain a letter, so digits mean an id.
 */
export const mesPronosInputSchema = z.object({
  publicId: z.union([text().trim().min(1).max(30), z.number().int().positive().max(ID_MAX)]),
});
export type MesPronosInput = z.infer<typeof mesPronosInputSchema>;

/** Spec "Prono entry": one finished match of the current season the member predicted. */
export const pronoEntrySchema = z.object({
  match_id: z.number().int(),
  journee: z.number().int(),
  /** Kickoff, ISO UTC instant (shown dd/mm/yyyy). */
  date: z.string(),
  /** true when AS Monaco (club id 1) played at home. */
  domicile: z.boolean(),
  logo_club_adverse: z.string(),
  nom_club_adverse: z.string(),
  score_reel: z.object({ buts_dom: z.number().int(), buts_ext: z.number().int() }),
  pronostic: z.object({
    score_dom: z.number().int(),
    score_ext: z.number().int(),
    /** 5, 3, 1 or 0 (colours green, yellow, orange, red). */
    points: z.number().int(),
  }),
});
export type PronoEntry = z.infer<typeof pronoEntrySchema>;
/**
 * Reply of mes-pronos: entries newest first, and the member's standing for the line
 * 'Classement : {rank}ᵉ / {total}' (classement_prono null = not ranked).
 */
export const mesPronosResponseSchema = z.object({
  pronos: z.array(pronoEntrySchema),
  pts_prono: z.number().int(),
  classement_prono: z.number().int().nullable(),
  totalUsers: z.number().int(),
});
export type MesPronosResponse = z.infer<typeof mesPronosResponseSchema>;

// ───────────────────────────── Leaderboard ─────────────────────────────

/** Spec "Leaderboard row". profile_picture is a URL path (/uploads/avatar/...) or null. */
export const leaderboardRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  pts_prono: z.number().int(),
  classement_prono: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/**
 * GET /users/classement-pronos (public; the caller is recognised when a token is sent).
 * Ranked members only (at least one prediction on a finished match of the current season),
 * by rank then pseudo. Ties share a rank (1, 2, 2, 4). `q` filters by pseudo (contains, any
 * case) without changing ranks.
 */
export const leaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  q: text().trim().max(30).optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;
export const leaderboardResponseSchema = z.object({
  /** Number of ranked members (the {total} of 'Classement : {rank}ᵉ / {total}'). */
  total: z.number().int(),
  /** Rows matching `q` (all ranked members without q), for paging. */
  matching: z.number().int(),
  rows: z.array(leaderboardRowSchema),
  /** The caller's own row when signed in and ranked, else null. */
  me: leaderboardRowSchema.nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/**
 * GET /users/classement-pronos/journee/{journee}[?season=] (public): the ranking as it stood
 * after that round, with the movement since the previous scored round.
 * evolution: positions gained (> 0), lost (< 0) or 0; null = new in the ranking.
 */
export const journeeRankingParamsSchema = z.object({
  journee: z.coerce.number().int().min(1).max(99),
});
export const journeeRankingQuerySchema = z.object({
  season: text().max(9).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const journeeRankingRowSchema = leaderboardRowSchema.extend({
  evolution: z.number().int().nullable(),
});
export const journeeRankingSchema = z.object({
  season: z.string(),
  journee: z.number().int(),
  /** The previous scored round compared with, or null for the first one. */
  previous_journee: z.number().int().nullable(),
  total: z.number().int(),
  rows: z.array(journeeRankingRowSchema),
});
export type JourneeRanking = z.infer<typeof journeeRankingSchema>;

// ───────────────────────────── Mini-leagues ─────────────────────────────

export const MINI_LEAGUE_TEXTS = {
  name: 'Le nom doit contenir entre 3 et 40 caractères, sans balise.',
  code: 'Code d’invitation invalide.',
  notFound: 'Mini-ligue introuvable.',
  notMember: 'Tu ne fais pas partie de cette mini-ligue.',
  alreadyMember: 'Tu fais déjà partie de cette mini-ligue.',
  created: 'Mini-ligue créée !',
  joined: 'Tu as rejoint la mini-ligue !',
  left: 'Tu as quitté la mini-ligue.',
  tooMany: 'Tu fais déjà partie de 20 mini-ligues.',
} as const;
export const MINI_LEAGUE_MAX_PER_USER = 20;

/** POST /mini-leagues (creator joins; an 8-character invite code is generated). */
export const miniLeagueCreateSchema = z.object({
  name: z
    .string({ error: MINI_LEAGUE_TEXTS.name })
    .trim()
    .min(3, { error: MINI_LEAGUE_TEXTS.name })
    .max(40, { error: MINI_LEAGUE_TEXTS.name })
    .refine(isSafeText, { error: MINI_LEAGUE_TEXTS.name }),
});
/** POST /mini-leagues/join; the code is compared in upper case. */
export const miniLeagueJoinSchema = z.object({
  code: z
    .string({ error: MINI_LEAGUE_TEXTS.code })
    .trim()
    .regex(/^[A-Za-z0-9]{8}$/, { error: MINI_LEAGUE_TEXTS.code }),
});
/** GET /mini-leagues item (mine), and the reply of create/join. */
export const miniLeagueSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  invite_code: z.string(),
  owner_id: z.number().int(),
  members_count: z.number().int(),
});
export type MiniLeagueSummary = z.infer<typeof miniLeagueSummarySchema>;
/** Member row of GET /mini-leagues/{id}: ranked by pts_prono, ties share a rank. */
export const miniLeagueMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  pts_prono: z.number().int(),
  rank: z.number().int(),
  /** Rank in the general leaderboard, null when not ranked. */
  classement_prono: z.number().int().nullable(),
});
/** GET /mini-leagues/{id}: members only (404 for others, so ids are not probed). */
export const miniLeagueDetailSchema = miniLeagueSummarySchema.extend({
  members: z.array(miniLeagueMemberSchema),
});
export type MiniLeagueDetail = z.infer<typeof miniLeagueDetailSchema>;
