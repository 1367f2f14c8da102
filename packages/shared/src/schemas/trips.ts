import { z } from 'zod';
import '../zod-locale.js';
import { chosenIdSchema, ID_MAX, isSafeText } from './common.js';
import { multilineText, text } from './text.js';
import { notificationMatchSchema } from './carpool.js';
import { TRIP_TEXTS } from '../trip-texts.js';

/**
 * Coach trips to away matches (issue 30): an antenna charters a coach for a match, members
 * register (with up to 3 companions), a waiting list takes the overflow, organisers keep the
 * boarding list. Wire names are French (the issue's), snake_case like the rest of the API.
 */
export {
  TRIP_TEXTS,
  TRIP_LIMITS,
  TRIP_STATUSES,
  REGISTRATION_STATUSES,
  TRIP_EVENTS,
  tripNoticeText,
  tripTimesFitKickoff,
  type TripNotice,
  type TripEventWire,
  type TripStatusWire,
  type RegistrationStatusWire,
} from '../trip-texts.js';
import { TRIP_LIMITS, TRIP_STATUSES, REGISTRATION_STATUSES } from '../trip-texts.js';

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });

/**
 * An ISO 8601 instant with its offset ('2026-12-05T06:00:00.000Z' or '…+01:00'). `required`:
 * what an empty one is told (a field left blank is not a wrong time).
 */
const instant = (message: string, required = message) =>
  z
    .string({ error: message })
    .min(1, { error: required, abort: true })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: message,
    });

const T = TRIP_TEXTS;

/** GET /deplacements?match_id= */
export const tripsQuerySchema = z.object({ match_id: id(T.unknownMatch) });

/**
 * POST /deplacements and PUT /deplacements/{id}. Cross-field rules: the return after the
 * departure, the deadline before it. The API also checks the match (to come), that the
 * departure is ahead and before its kickoff and the return after it, and, on PUT, that the
 * seats do not fall below those already confirmed; each refusal names its field.
 */
export const tripInputSchema = z
  .object({
    match_id: chosenIdSchema(T.matchRequired, T.unknownMatch),
    antenne_id: chosenIdSchema(T.antennaRequired, T.unknownAntenna),
    depart_lieu: text()
      .trim()
      .min(TRIP_LIMITS.placeMin, { error: T.placeLength })
      .max(TRIP_LIMITS.placeMax, { error: T.placeLength })
      .refine(isSafeText, { error: T.placeForbidden }),
    depart_heure: instant(T.departureInvalid, T.departureRequired),
    retour_heure: instant(T.returnInvalid).nullable().optional(),
    places_total: z
      .number({ error: T.seatsRange })
      .int({ error: T.seatsRange })
      .min(1, { error: T.seatsRange })
      .max(TRIP_LIMITS.seatsMax, { error: T.seatsRange }),
    /** Euros, two decimals at most; null: not given. */
    prix: z
      .number({ error: T.fareInvalid })
      .min(0, { error: T.fareInvalid })
      .max(TRIP_LIMITS.fareMax, { error: T.fareInvalid })
      .refine(
        (v) =>
          Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        {
          error: T.fareInvalid,
        },
      )
      .nullable()
      .optional(),
    date_limite: instant(T.deadlineInvalid).nullable().optional(),
    notes: multilineText()
      .trim()
      .max(TRIP_LIMITS.notesMax, { error: T.notesLength })
      .refine(isSafeText, { error: T.notesForbidden })
      .nullable()
      .optional(),
    /**
     * true: registrations closed by hand (CLOS), e.g. the coach is chartered and the list is
     * final, or a trip prepared before its registrations open; false: open again; absent:
     * unchanged (OUVERT for a new trip).
     */
    clos: z.boolean({ error: T.closedInvalid }).optional(),
  })
  .refine((t) => !t.retour_heure || Date.parse(t.retour_heure) > Date.parse(t.depart_heure), {
    error: T.returnBeforeDeparture,
    path: ['retour_heure'],
  })
  .refine((t) => !t.date_limite || Date.parse(t.date_limite) < Date.parse(t.depart_heure), {
    error: T.deadlineAfterDeparture,
    path: ['date_limite'],
  });
export type TripInput = z.infer<typeof tripInputSchema>;

/** The caller's own registration on a trip. position_attente: 1…n while waiting, else null. */
export const ownRegistrationSchema = z.object({
  statut: z.enum(REGISTRATION_STATUSES),
  nb_places: z.number().int(),
  position_attente: z.number().int().nullable(),
});
export type OwnRegistration = z.infer<typeof ownRegistrationSchema>;

/** One trip as members see it (GET /deplacements?match_id=, POST/PUT answers). */
export const tripSchema = z.object({
  id: z.number().int(),
  antenne: z.object({ id: z.number().int(), nom: z.string() }),
  match_id: z.number().int(),
  /** ISO instants (UTC). */
  depart_lieu: z.string(),
  depart_heure: z.string(),
  retour_heure: z.string().nullable(),
  places_total: z.number().int(),
  /** Seats not confirmed yet (0 when full). */
  places_restantes: z.number().int(),
  /** Registrations waiting (for the organisers' overview and the cards). */
  nb_attente: z.number().int(),
  /** Seats those waiting registrations ask for (a registration holds 1 to 4). */
  places_attente: z.number().int(),
  prix: z.number().nullable(),
  /** OUVERT, COMPLET (no seat left or a waiting list), CLOS (deadline passed or by hand), ANNULE. */
  statut: z.enum(TRIP_STATUSES),
  /** Registrations closed by hand (PUT clos: true); the deadline alone leaves it false. */
  clos: z.boolean(),
  date_limite: z.string().nullable(),
  notes: z.string().nullable(),
  /** The caller's registration, or null. */
  inscription: ownRegistrationSchema.nullable(),
  /** True when the caller may manage it (organiser of its antenna, MODERATEUR+). */
  gerable: z.boolean(),
  /**
   * The trip's group thread (GET /messages/groupes/{id}) when the caller is in it: a confirmed
   * registrant, an organiser of its antenna, a moderator who announced on it; else null.
   */
  groupe_id: z.number().int().nullable(),
});
export type Trip = z.infer<typeof tripSchema>;
export const tripListSchema = z.array(tripSchema);

/** A trip in the organisers' space, with its match named (GET /deplacements/organisation). */
export const organizedTripSchema = tripSchema.extend({
  match: notificationMatchSchema,
  /** Confirmed seats (places_total - places_restantes). */
  places_confirmees: z.number().int(),
});
export type OrganizedTrip = z.infer<typeof organizedTripSchema>;

/**
 * GET /deplacements/organisation: what the caller organises. antennes: the antennas whose trips
 * they may manage (their own as organiser; every antenna for MODERATEUR+); deplacements: those
 * antennas' trips whose match is to come or ended less than 7 days ago, soonest first.
 */
export const organizationSchema = z.object({
  antennes: z.array(z.object({ id: z.number().int(), nom: z.string() })),
  deplacements: z.array(organizedTripSchema),
});
export type Organization = z.infer<typeof organizationSchema>;

/** POST /deplacements/{id}/inscriptions. */
export const tripRegistrationInputSchema = z.object({
  nb_places: z
    .number({ error: T.seatCountRange })
    .int({ error: T.seatCountRange })
    .min(1, { error: T.seatCountRange })
    .max(TRIP_LIMITS.seatsPerRegistration, { error: T.seatCountRange }),
  /**
   * For the organisers' boarding list only; optional. 6 to 20 characters in all, the '+'
   * counted: the column keeps 20.
   */
  telephone: text()
    .trim()
    .regex(/^(?=.{6,20}$)\+?[0-9 .-]+$/, { error: T.phoneInvalid })
    .nullable()
    .optional(),
});
export type TripRegistrationInput = z.infer<typeof tripRegistrationInputSchema>;

/** The answer of a registration: the caller's registration and the trip's seats left. */
export const registrationResultSchema = ownRegistrationSchema.extend({
  deplacement_id: z.number().int(),
  places_restantes: z.number().int(),
  message: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** One line of the organisers' list (GET /deplacements/{id}/inscrits): confirmed, then waiting. */
export const registrantSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  prenom: z.string(),
  nom: z.string(),
  telephone: z.string().nullable(),
  nb_places: z.number().int(),
  statut: z.enum(REGISTRATION_STATUSES),
  position_attente: z.number().int().nullable(),
  paye: z.boolean(),
  present: z.boolean(),
  /** ISO instant of registration. */
  inscrit_le: z.string(),
});
export type Registrant = z.infer<typeof registrantSchema>;
export const registrantListSchema = z.object({
  deplacement: organizedTripSchema,
  inscrits: z.array(registrantSchema),
});
export type RegistrantList = z.infer<typeof registrantListSchema>;

export const registrantParamsSchema = z.object({
  id: id(T.notFound),
  userId: id(T.registrationNotFound),
});
/** PATCH /deplacements/{id}/inscrits/{userId}: at least one of the two. */
export const registrantPatchSchema = z
  .object({ paye: z.boolean().optional(), present: z.boolean().optional() })
  .refine((p) => p.paye !== undefined || p.present !== undefined, { error: T.patchEmpty });
export type RegistrantPatch = z.infer<typeof registrantPatchSchema>;

/** PUT /administration/antennes/{id}/organisateurs. */
export const organizersInputSchema = z.object({
  userIds: z
    .array(id(T.unknownMember), { error: T.unknownMember })
    .max(TRIP_LIMITS.organizersMax, { error: T.tooManyOrganizers }),
});
export type OrganizersInput = z.infer<typeof organizersInputSchema>;
export const organizerSchema = z.object({ id: z.number().int(), username: z.string() });
export const organizersSchema = z.object({
  antenne_id: z.number().int(),
  organisateurs: z.array(organizerSchema),
});
export type Organizers = z.infer<typeof organizersSchema>;

/** POST /deplacements/{id}/annonces: posted in the trip's thread and sent as a notification. */
export const announcementInputSchema = z.object({
  content: multilineText()
    .trim()
    .min(1, { error: T.announcementLength })
    .max(TRIP_LIMITS.announcementMax, { error: T.announcementLength })
    .refine(isSafeText, { error: T.announcementForbidden }),
});
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;
