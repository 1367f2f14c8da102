import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { plural, pluralWord } from '../french.js';
import { chosenIdSchema, ID_MAX, isSafeText } from './common.js';

/** 'YYYY-MM-DDTHH:mm' (Paris) → '12/09/2026 à 21:00'. */
const parisWhen = (kickoff: string) => {
  const [date = '', time = ''] = kickoff.split('T');
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} à ${time}`;
};

/**
 * Matches, clubs and league table beyond the read side of reference.ts (spec sections 3 and 7),
 * and the operators' API (/admin/...). Operators are MODERATEUR or ADMIN.
 */

export const MATCH_TEXTS = {
  notFound: 'Match introuvable.',
  clubNotFound: 'Club introuvable.',
  /** A club select left on '— Choisir un club —'. */
  homeClubRequired: 'Choisis le club à domicile.',
  awayClubRequired: 'Choisis le club à l’extérieur.',
  tableClubRequired: 'Choisis un club.',
  noMatch: 'Aucun match prochainement.',
  kickoff: 'Date invalide : format attendu AAAA-MM-JJTHH:mm (heure de Paris).',
  /** Well written, but not on the calendar: a 30 February, or the hour skipped in March. */
  kickoffNotOnCalendar:
    'Cette date n’existe pas à Paris (un 30 février, ou l’heure sautée au passage à l’heure d’été).',
  /** The form's date-and-time field left empty (or half filled, which the browser sends empty). */
  kickoffRequired: 'Choisis la date et l’heure du coup d’envoi.',
  journee: 'La journée doit être un entier entre 1 et 99.',
  season: 'Saison invalide : format attendu AAAA-AAAA (ex. 2026-2027).',
  /** A kickoff outside its season: most often a mistyped year. */
  kickoffOutsideSeason: (season: string) =>
    `Le coup d’envoi doit tomber dans la saison ${season} (du 1er juillet ${season.slice(0, 4)} au 30 juin ${season.slice(5)}).`,
  hashtag: 'Hashtag invalide : # suivi de 1 à 29 lettres, chiffres ou _.',
  sameClubs: 'Les deux clubs doivent être différents.',
  goals: 'Le nombre de buts doit être un entier entre 0 et 50.',
  /** `kickoff`: Paris local time 'YYYY-MM-DDTHH:mm'. */
  scoreBeforeKickoff: (kickoff: string) =>
    `Le score ne peut être saisi qu’après le coup d’envoi (${parisWhen(kickoff)}).`,
  /** What deleting a match loses, e.g. '16 pronostics seront perdus.'. */
  predictionsLost: (count: number) =>
    `${plural(count, 'pronostic')} ${pluralWord(count, 'sera perdu', 'seront perdus')}.`,
  /** A delete whose accepted count is not the match's (none given, or new ones since). */
  deleteNeedsConfirm: (count: number) =>
    `${plural(count, 'pronostic')} ${pluralWord(count, 'sera perdu', 'seront perdus')} : confirme la suppression.`,
  hasTravel:
    'Des membres ont déclaré leur venue à ce match (transport, recherche ou covoiturage) : il ne peut pas être supprimé. Modifie-le plutôt.',
  deleted: 'Match supprimé.',
  /** A moved kickoff held back (KICKOFF_ANNOUNCE_DELAY_MINUTES); `time`: 'HH:mm', Paris. */
  kickoffNotice: (time: string) =>
    `Nouvel horaire annoncé aux covoitureurs et aux inscrits des cars à ${time}, s’il ne change plus d’ici là.`,
  duplicateRound: 'Un match existe déjà pour cette journée de cette saison.',
  clubName: 'Nom de club invalide (2 à 60 caractères, sans balise).',
  stadium: 'Nom de stade invalide (2 à 80 caractères, sans balise).',
  city: 'Ville invalide (1 à 60 caractères, sans balise).',
  departement: 'Département invalide.',
  clubTaken: 'Un club porte déjà ce nom.',
  logoFormat: 'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.',
  tableDuplicate: 'Un club ou une position apparaît deux fois dans le classement.',
  tablePosition: 'Position : un nombre entier de 1 à 40.',
  tablePlayed: 'Matchs joués : un nombre entier de 0 à 99.',
  tablePoints: 'Points : un nombre entier de 0 à 300.',
  tableGoalDifference: 'Différence de buts : un nombre entier de -300 à 300.',
  importInvalid: 'Import refusé : corrige les lignes en erreur, rien n’a été enregistré.',
  /** The preview's word: nothing was sent to be imported yet. */
  importPreviewInvalid: (lines: number) =>
    `Aperçu : ${lines} ${lines > 1 ? 'lignes' : 'ligne'} en erreur, à corriger avant d’importer.`,
  importEmpty: 'Le fichier ne contient aucune ligne.',
  importFormat: 'Format de fichier non reconnu : CSV ou JSON attendu.',
} as const;

/** GET /club/{id}. */
export const clubDetailSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  logo: z.string(),
  nomStade: z.string(),
  ville: z.string(),
  /** Department code without 'FR-'. */
  departement_club: z.string(),
});
export type ClubDetail = z.infer<typeof clubDetailSchema>;

const clubRefSchema = z.object({ id: z.number().int(), nom: z.string(), logo: z.string() });

/**
 * GET /matchs/anciens item (spec "Past match"): finished matches of the current season, newest
 * first. The four prono_* counts are the number of predictions scoring 5, 3, 1 and 0 points.
 */
export const pastMatchSchema = z.object({
  id: z.number().int(),
  journee: z.number().int(),
  /** Kickoff, ISO UTC instant. */
  date: z.string(),
  club_dom: clubRefSchema,
  club_ext: clubRefSchema,
  buts_dom: z.number().int(),
  buts_ext: z.number().int(),
  prono_scores_exacts: z.number().int(),
  prono_bons_resultats_diff: z.number().int(),
  prono_bons_resultats: z.number().int(),
  prono_mauvais_resultats: z.number().int(),
});
export type PastMatch = z.infer<typeof pastMatchSchema>;

// ───────────────────────────── Operators ─────────────────────────────

/** 'YYYY-MM-DDTHH:mm' read as Europe/Paris local time; the API stores the UTC instant. */
export const parisDateTimeSchema = z
  .string({ error: MATCH_TEXTS.kickoff })
  .min(1, { error: MATCH_TEXTS.kickoffRequired, abort: true })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, {
    error: MATCH_TEXTS.kickoff,
  });

/** The football season containing `date`: July starts a new one ('2026-2027'). */
export function seasonOf(date: Date): string {
  const year = date.getUTCFullYear();
  const start = date.getUTCMonth() >= 6 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/**
 * Whether a kickoff ('YYYY-MM-DDTHH:mm', Paris) falls in `season` ('2026-2027'): from 1 July of
 * its first year to 30 June of its second, the football season's calendar. A typo in the year
 * would otherwise put a match years away, first on everyone's home page or never shown.
 */
export function isKickoffInSeason(kickoff: string, season: string): boolean {
  const from = `${season.slice(0, 4)}-07-01`;
  const to = `${season.slice(5)}-07-01`;
  return kickoff >= from && kickoff < to;
}

export const seasonSchema = z
  .string({ error: MATCH_TEXTS.season })
  .regex(/^\d{4}-\d{4}$/, { error: MATCH_TEXTS.season })
  .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, {
    error: MATCH_TEXTS.season,
  });

const goals = z
  .number({ error: MATCH_TEXTS.goals })
  .int({ error: MATCH_TEXTS.goals })
  .min(0, { error: MATCH_TEXTS.goals })
  .max(LIMITS.predictionScoreMax, { error: MATCH_TEXTS.goals });

/** A club id: `required` when none was chosen, 'Club introuvable.' for an id that names no club. */
const clubId = (required: string) => chosenIdSchema(required, MATCH_TEXTS.clubNotFound);

/** POST /admin/matchs and PUT /admin/matchs/{id} (full replacement of the editable fields). */
export const adminMatchInputSchema = z
  .object({
    season: seasonSchema,
    journee: z
      .number({ error: MATCH_TEXTS.journee })
      .int({ error: MATCH_TEXTS.journee })
      .min(1, { error: MATCH_TEXTS.journee })
      .max(99, { error: MATCH_TEXTS.journee }),
    /** Europe/Paris local time, 'YYYY-MM-DDTHH:mm'. Moving it moves the prediction lock. */
    kickoff: parisDateTimeSchema,
    /** e.g. '#ASMFCN'; null or absent = none. */
    hashtag: z
      .string()
      .regex(/^#[A-Za-z0-9_]{1,29}$/, { error: MATCH_TEXTS.hashtag })
      .nullish(),
    club_dom_id: clubId(MATCH_TEXTS.homeClubRequired),
    club_ext_id: clubId(MATCH_TEXTS.awayClubRequired),
    /** Ticket office link (https only). */
    ticket_url: z
      .url({ protocol: /^https$/ })
      .max(500)
      .nullish(),
  })
  .refine((m) => m.club_dom_id !== m.club_ext_id, {
    error: MATCH_TEXTS.sameClubs,
    path: ['club_ext_id'],
  })
  .superRefine((m, ctx) => {
    if (!isKickoffInSeason(m.kickoff, m.season))
      ctx.addIssue({
        code: 'custom',
        message: MATCH_TEXTS.kickoffOutsideSeason(m.season),
        path: ['kickoff'],
      });
  });
export type AdminMatchInput = z.infer<typeof adminMatchInputSchema>;

/** GET /admin/matchs?season= item: every match of the season, finished ones included. */
export const adminMatchSchema = z.object({
  id: z.number().int(),
  season: z.string(),
  journee: z.number().int(),
  /** Kickoff, ISO UTC instant. */
  date: z.string(),
  /** Kickoff in Europe/Paris, 'YYYY-MM-DDTHH:mm' (what the edit form shows). */
  kickoff: z.string(),
  hashtag: z.string().nullable(),
  ticket_url: z.string().nullable(),
  club_dom: clubRefSchema,
  club_ext: clubRefSchema,
  is_finish: z.boolean(),
  edit_pronostic: z.boolean(),
  buts_dom: z.number().int().nullable(),
  buts_ext: z.number().int().nullable(),
  nb_pronostics: z.number().int(),
  /**
   * A moved kickoff not yet announced to the match's travellers: when it will be (ISO UTC
   * instant), a few minutes after the last move. Null when nothing is held back.
   */
  annonce_horaire: z.string().nullable(),
});
export type AdminMatch = z.infer<typeof adminMatchSchema>;
export const adminMatchListQuerySchema = z.object({ season: seasonSchema.optional() });

/**
 * PUT /admin/matchs/{id}/score: enter or correct the final score; the match becomes finished
 * and every prediction, total and rank is recomputed. DELETE /admin/matchs/{id}/score clears
 * it (unfinished again, points reset).
 */
export const matchScoreInputSchema = z.object({ buts_dom: goals, buts_ext: goals });
export type MatchScoreInput = z.infer<typeof matchScoreInputSchema>;

/**
 * DELETE /admin/matchs/{id}?pronostics=N: N is the number of predictions the operator agreed
 * to lose (the match's nb_pronostics when they confirmed). A match with predictions is only
 * deleted when N equals its current count; otherwise 409 with the count ('16 pronostics seront
 * perdus : confirme la suppression.'), so predictions made since the dialog opened are never
 * dropped unseen.
 */
export const matchDeleteQuerySchema = z.object({
  pronostics: z.coerce.number().int().min(0).max(ID_MAX).optional(),
});

/** A whole number in [min, max]; one message for a blank, a fraction or a value out of range. */
const tableFigure = (min: number, max: number, message: string) =>
  z.number({ error: message }).int().min(min).max(max);
/** One row of PUT /admin/classement. */
export const leagueTableRowInputSchema = z.object({
  position: tableFigure(1, 40, MATCH_TEXTS.tablePosition),
  club_id: clubId(MATCH_TEXTS.tableClubRequired),
  matchs_joues: tableFigure(0, 99, MATCH_TEXTS.tablePlayed),
  points: tableFigure(0, 300, MATCH_TEXTS.tablePoints),
  diff_buts: tableFigure(-300, 300, MATCH_TEXTS.tableGoalDifference),
});
/** PUT /admin/classement: replaces the whole league table of `season`. */
export const leagueTableInputSchema = z
  .object({ season: seasonSchema, rows: z.array(leagueTableRowInputSchema).min(1).max(40) })
  .refine(
    (t) =>
      new Set(t.rows.map((r) => r.club_id)).size === t.rows.length &&
      new Set(t.rows.map((r) => r.position)).size === t.rows.length,
    { error: MATCH_TEXTS.tableDuplicate, path: ['rows'] },
  );
export type LeagueTableInput = z.infer<typeof leagueTableInputSchema>;

const safe = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: message })
    .refine(isSafeText, { error: message });

/** POST /admin/clubs and PUT /admin/clubs/{id}. The crest is sent apart (multipart). */
export const adminClubInputSchema = z.object({
  nom: safe(2, 60, MATCH_TEXTS.clubName),
  nomStade: safe(2, 80, MATCH_TEXTS.stadium),
  ville: safe(1, 60, MATCH_TEXTS.city),
  /** Department code without 'FR-': '01'..'95', '2A', '2B', '971'..'976', or 'MC' (Monaco). */
  departement: z.string().regex(/^(0[1-9]|[1-8]\d|9[0-5]|2A|2B|97[1-6]|MC)$/, {
    error: MATCH_TEXTS.departement,
  }),
});
export type AdminClubInput = z.infer<typeof adminClubInputSchema>;
/** GET /admin/clubs item and the reply of POST/PUT /admin/clubs and POST /admin/clubs/{id}/logo. */
export const adminClubSchema = clubDetailSchema;

/**
 * POST /admin/clubs/{id}/logo: multipart field `file`, PNG, JPEG or WEBP (max 2 MB). The API
 * re-encodes it to WEBP (SVG is refused: it could carry scripts) and serves it under
 * /uploads/clubs/.
 */
export const CLUB_LOGO_MAX_BYTES = 2 * 1024 * 1024;

// ───────────────────────────── Import ─────────────────────────────

/**
 * POST /admin/import/matchs and /admin/import/classement?dryRun=true|false: a multipart `file`
 * (.csv with a header line, separator ',' or ';', or .json array), or a JSON body
 * `{ rows: [...] }`. Nothing is written unless every line is valid (one transaction); with
 * dryRun=true nothing is ever written and the per-line preview is returned.
 *
 * Match lines: season, journee, kickoff ('YYYY-MM-DDTHH:mm' Paris), club_dom, club_ext (club id
 * or exact club name), hashtag (optional). A line whose (season, journee) exists updates that
 * match (kickoff, clubs, hashtag), otherwise creates it.
 * Classement lines: season, position, club (id or name), matchs_joues, points, diff_buts; each
 * season present in the file has its table replaced.
 */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const importJsonBodySchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).max(2000),
});
export const importLineResultSchema = z.object({
  /** 1-based data line (the CSV header is not counted). */
  line: z.number().int(),
  ok: z.boolean(),
  errors: z.array(z.string()),
  /** The normalised line when ok (what would be written), else the raw line. */
  value: z.record(z.string(), z.unknown()),
});
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** true when the lines were written (every line valid and dryRun false). */
  applied: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  lines: z.array(importLineResultSchema),
  message: z.string(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
