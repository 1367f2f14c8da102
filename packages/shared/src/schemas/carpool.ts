import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';
import { CARPOOL_TEXTS, CARPOOL_STATUS, TRANSPORT_IDS } from '../carpool-constants.js';
import { TRIP_EVENTS } from '../trip-texts.js';

/**
 * Going to the match: presences, searches, carpool relations, notifications and ratings
 * (spec sections 3, 4, 5, 6 and 7). Field names are the spec's, snake_case where it writes
 * them so.
 */

export * from '../carpool-constants.js';

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
const matchId = id(CARPOOL_TEXTS.unknownMatch);
/**
 * A department code without 'FR-' ('06', '2A', '974') or 'MC' for Monaco; 'FR-06' is accepted
 * and stripped.
 */
export const departmentCodeSchema = z
  .string({ error: CARPOOL_TEXTS.unknownDepartment })
  .trim()
  .transform((value) => value.replace(/^FR-/i, '').toUpperCase())
  .pipe(z.string().regex(/^(\d{2}|2A|2B|97\d|MC)$/, { error: CARPOOL_TEXTS.unknownDepartment }));
const count = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

export const matchIdQuerySchema = z.object({ match_id: matchId });

/**
 * A transport mode on the wire (Info for a match, supporter lists): one of the spec's codes
 * (TRANSPORT_CODES) for its own modes, or the libellé of a mode an administrator added, which
 * the screens show as is (transportLabelOfCode).
 */
const transportWire = z.string();
export type MatchIdQuery = z.infer<typeof matchIdQuerySchema>;

/** POST /user-transport (spec section 3, User presence). Creating or modifying a presence. */
export const presenceInputSchema = z
  .object({
    /**
     * A mode of GET /transport except 'en recherche' (POST /user-recherche): the spec's five,
     * or one an administrator added (the API checks it exists).
     */
    transport_id: z.coerce
      .number({ error: CARPOOL_TEXTS.unknownTransport })
      .int({ error: CARPOOL_TEXTS.unknownTransport })
      .positive({ error: CARPOOL_TEXTS.unknownTransport })
      .max(ID_MAX, { error: CARPOOL_TEXTS.unknownTransport })
      .refine((id) => id !== TRANSPORT_IDS.RECHERCHE, { error: CARPOOL_TEXTS.unknownTransport }),
    /** The antenna whose bus the member takes; null = public bus. Only for the bus. */
    antenne_id: id(CARPOOL_TEXTS.unknownAntenna).nullable().optional(),
    match_id: matchId,
    covoiturage: z.boolean().optional().default(false),
    places_dispo: count(LIMITS.placesEditor.min, LIMITS.placesEditor.max, CARPOOL_TEXTS.placesRange)
      .optional()
      .default(0),
    departement_depart: departmentCodeSchema,
    actif: z.boolean().optional().default(true),
  })
  .superRefine((value, ctx) => {
    // A car offering carpooling offers 1 to 15 seats (section 5, stepper bounds).
    if (value.transport_id === TRANSPORT_IDS.VOITURE && value.covoiturage) {
      if (value.places_dispo < LIMITS.stepper.min) {
        ctx.addIssue({
          code: 'custom',
          path: ['places_dispo'],
          message: CARPOOL_TEXTS.placesRange,
        });
      }
    }
  });
export type PresenceInput = z.output<typeof presenceInputSchema>;

/** POST /user-recherche (spec section 3, User search). */
export const searchInputSchema = z.object({
  nb_pers: count(LIMITS.stepper.min, LIMITS.stepper.max, CARPOOL_TEXTS.peopleRange),
  departement_depart: departmentCodeSchema,
  match_id: matchId,
  actif: z.boolean().optional().default(true),
});
export type SearchInput = z.output<typeof searchInputSchema>;

export const presenceSchema = z.object({
  id: z.number().int(),
  transport_id: z.number().int(),
  antenne_id: z.number().int().nullable(),
  match_id: z.number().int(),
  covoiturage: z.boolean(),
  places_dispo: z.number().int(),
  departement_depart: z.string(),
  actif: z.boolean(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const searchSchema = z.object({
  id: z.number().int(),
  nb_pers: z.number().int(),
  departement_depart: z.string(),
  match_id: z.number().int(),
  actif: z.boolean(),
});
export type RideSearch = z.infer<typeof searchSchema>;

/** POST /user-transport/modifier-places-dispo: the driver's free seats, 0 to 15. */
export const placesInputSchema = z.object({
  match_id: matchId,
  places_dispo: count(
    LIMITS.placesEditor.min,
    LIMITS.placesEditor.max,
    CARPOOL_TEXTS.placesEditorRange,
  ),
});

export const antennaRefSchema = z.object({ id: z.number().int(), nom: z.string() });

/** GET /users/infos-utilisateur (spec section 3, Info for a match); null without an answer. */
export const matchInfoSchema = z.object({
  type: z.enum(['transport', 'recherche']),
  /** VOITURE, BUS, TRAIN, AVION, A PIED, or the libellé of a mode an administrator added. */
  transport: transportWire.nullable(),
  nb_pers: z.number().int().nullable(),
  places_dispo: z.number().int().nullable(),
  covoiturage: z.boolean(),
  antenne: antennaRefSchema.nullable(),
  departement_depart: z.string(),
  /** Any pending or confirmed relation for the match. */
  has_relation: z.boolean(),
  /** A confirmed carpool exists for the match. */
  has_confirmed: z.boolean(),
  /** The member already rated their carpool for this (finished) match. */
  note_submitted: z.boolean(),
});
export type MatchInfo = z.infer<typeof matchInfoSchema>;

export const answeredSchema = z.object({ answered: z.boolean() });
export const confirmedFlagSchema = z.object({ confirmed: z.boolean() });

/** The caller's relation with a listed supporter, if any (drives Demander / En attente / Répondre). */
export const supporterRelationSchema = z.object({
  id: z.number().int(),
  statut: z.number().int(),
  /** The caller started it (user1): 'En attente'; otherwise 'Répondre'. */
  initiator: z.boolean(),
  nbPers: z.number().int(),
  description: z.string().nullable(),
});

/** Spec section 3, Supporter in department list. */
export const supporterSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  /** VOITURE, BUS… (or an added mode's libellé), null for a member searching. */
  transport: transportWire.nullable(),
  covoiturage: z.boolean(),
  places_dispo: z.number().int().nullable(),
  nb_pers: z.number().int().nullable(),
  antenne: z.string().nullable(),
  note_covoiturage: z.number().nullable(),
  departement_depart: z.string(),
  /** Extra kilometres of the detour, for suggestions from other departments. */
  detour_km: z.number().int().optional(),
  relation: supporterRelationSchema.nullable(),
});
export type Supporter = z.infer<typeof supporterSchema>;

/**
 * GET /users/departements-disponibles: departments with supporters for a match. `supporters`
 * is '<3' below three members so that a map never reveals one or two people.
 */
export const departmentCountSchema = z.object({
  code: z.string(),
  nom: z.string(),
  supporters: z.string(),
});
export const availableDepartmentsSchema = z.object({
  departements: z.array(departmentCountSchema),
  /** Drivers from other departments whose detour through the member's department is small. */
  suggestions: z.array(supporterSchema),
});
export type AvailableDepartments = z.infer<typeof availableDepartmentsSchema>;

export const supportersQuerySchema = z.object({
  match_id: matchId,
  /** One department; the caller's departure department by default. */
  departement: departmentCodeSchema.optional(),
});
/** GET /users/supporters-par-departement-detail: supporters keyed by department code. */
export const supportersByDepartmentSchema = z.record(z.string(), z.array(supporterSchema));

/** POST /user-to-user-match (spec section 3, Sent payload). */
export const relationInputSchema = z.object({
  user2_id: id(CARPOOL_TEXTS.relationNotFound),
  /** 2 requests a seat from a driver, 1 proposes one to a searcher. */
  statut_id: z.union([z.literal(CARPOOL_STATUS.PROPOSE), z.literal(CARPOOL_STATUS.DEMANDE)], {
    error: CARPOOL_TEXTS.relationNotFound,
  }),
  nbPers: count(LIMITS.stepper.min, LIMITS.stepper.max, CARPOOL_TEXTS.peopleRange)
    .optional()
    .default(1),
  departement_depart: departmentCodeSchema,
  match_id: matchId,
  description: z
    .string({ error: CARPOOL_TEXTS.descriptionForbidden })
    .trim()
    .max(LIMITS.proposalDescriptionMax, { error: CARPOOL_TEXTS.descriptionForbidden })
    .refine(isSafeText, { error: CARPOOL_TEXTS.descriptionForbidden })
    .nullable()
    .optional(),
});
export type RelationInput = z.output<typeof relationInputSchema>;

/** Spec section 3, User-to-user match. */
export const relationSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  user1: z.object({ id: z.number().int(), username: z.string() }),
  user2: z.object({ id: z.number().int(), username: z.string() }),
  driverId: z.number().int(),
  passengerId: z.number().int(),
  statut: z.object({ id: z.number().int() }),
  nbPers: z.number().int(),
  description: z.string().nullable(),
  departement_depart: z.string(),
});
export type CarpoolRelation = z.infer<typeof relationSchema>;
export const relationWriteResponseSchema = z.object({
  message: z.string(),
  relation: relationSchema,
});

/** confirm-covoiturage / refus-covoiturage: the pending relation between user1 and user2. */
export const answerInputSchema = z.object({
  user1_id: id(CARPOOL_TEXTS.relationNotFound),
  user2_id: id(CARPOOL_TEXTS.relationNotFound),
  match_id: matchId,
});

const reasonText = z
  .string({ error: CARPOOL_TEXTS.customReasonLength })
  .max(2000, { error: CARPOOL_TEXTS.customReasonLength })
  .nullable()
  .optional();

/**
 * annuler-covoiturage. Without `userToUserMatchId` the caller's confirmed carpool for the
 * match is cancelled (the driver's: every passenger). `customReason` is required (5 to 80)
 * when the motif is 'Autre'; the report fields only with `avecSignalement`.
 */
export const cancelInputSchema = z.object({
  matchId,
  userToUserMatchId: id(CARPOOL_TEXTS.relationNotFound).optional(),
  motifId: id(CARPOOL_TEXTS.invalidReason),
  customReason: reasonText,
  avecSignalement: z.boolean().optional().default(false),
  signalementMotifId: id(CARPOOL_TEXTS.invalidReason).optional(),
  signalementCustomReason: reasonText,
});
export type CancelInput = z.output<typeof cancelInputSchema>;

/** exclure-covoiturage: the driver removes one passenger. */
export const excludeInputSchema = z.object({
  matchId,
  passagerId: id(CARPOOL_TEXTS.relationNotFound),
  motifId: id(CARPOOL_TEXTS.invalidReason),
  customReason: reasonText,
});
export type ExcludeInput = z.output<typeof excludeInputSchema>;

/** POST /user-annulation|exclusion/motif-libelle: the reason shown by the info popup. */
export const reasonLabelInputSchema = z.object({
  userIdTriggeredBy: id(CARPOOL_TEXTS.relationNotFound),
  matchId,
  userToUserMatchId: id(CARPOOL_TEXTS.relationNotFound),
});
export const reasonLabelSchema = z.object({ libelle: z.string() });

const memberRef = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  note_covoiturage: z.number().nullable(),
});

/** Spec section 3, Confirmed carpool. */
export const confirmedCarpoolSchema = z.object({
  relationId: z.number().int(),
  matchId: z.number().int(),
  vehicule: memberRef.extend({
    places_dispo: z.number().int(),
    departement_depart_conducteur: z.string(),
  }),
  passagers: z.array(
    memberRef.extend({
      nbPers: z.number().int(),
      departement_depart: z.string(),
      relationId: z.number().int(),
    }),
  ),
  /**
   * The caller is the driver or a passenger (spec) and the match has not kicked off: a played
   * match's carpool is history, to be rated, never cancelled, excluded or resized.
   */
  isModifiable: z.boolean(),
  /** The match is finished: its members rate each other. */
  isFinished: z.boolean(),
  /** The caller drives this carpool. */
  isDriver: z.boolean(),
  /** The car's group thread (GET /messages/groupes/{id}) when the caller is in it, else null. */
  groupe_id: z.number().int().nullable(),
});
export type ConfirmedCarpool = z.infer<typeof confirmedCarpoolSchema>;

/** The match a notification is about: the bell and the mails name it. */
export const notificationMatchSchema = z.object({
  id: z.number().int(),
  /** Home and away clubs' names. */
  domicile: z.string(),
  exterieur: z.string(),
  /** Kickoff (ISO instant). */
  date: z.string(),
});
export type NotificationMatch = z.infer<typeof notificationMatchSchema>;

/**
 * Spec section 3, Notification (bell list). A sender whose account was deleted reads
 * FORMER_MEMBER ('Un ancien membre'), without a picture.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  type_notification: z.enum(['COVOIT', 'HORAIRE', 'DEPLACEMENT']),
  notification_covoiturage_id: z.number().int().nullable(),
  statut: z.object({ id: z.number().int() }).nullable(),
  match_id: z.number().int().nullable(),
  sender: memberRef.omit({ note_covoiturage: true }).nullable(),
  date: z.string(),
  read: z.boolean(),
  /** For HORAIRE: the new kickoff (ISO instant). */
  kickoff: z.string().nullable(),
  /** The match it is about (null when it is gone); added after the spec's fields. */
  match: notificationMatchSchema.nullable(),
  /**
   * For DEPLACEMENT (issue 30): the coach trip and what happened; null for the others.
   * depart_heure (ISO) and depart_lieu let the bell say the reminder's time and place (and,
   * for HORAIRE, whether the trip still fits the kickoff in match.date);
   * groupe_id: the trip's group thread (an announcement opens it), null when it has none.
   */
  deplacement: z
    .object({
      id: z.number().int(),
      antenne: z.string(),
      evenement: z.enum(TRIP_EVENTS),
      depart_heure: z.string(),
      depart_lieu: z.string(),
      /** The coach's return (ISO) or null: with match.date, whether a moved kickoff fits. */
      retour_heure: z.string().nullable(),
      groupe_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /notification-covoiturage/{id}: what the popup of a notification shows. */
export const carpoolNotificationSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  statut: z.object({ id: z.number().int() }),
  triggeredBy: memberRef.nullable(),
  userToUserMatch: relationSchema,
  vehicule: z.object({ places_dispo: z.number().int() }),
  /** The reason of a cancellation or an exclusion (statuses 5 and 6). */
  motif: z.string().nullable(),
  /** The relation's current status (it may have moved on since the notification). */
  currentStatut: z.number().int(),
});
export type CarpoolNotification = z.infer<typeof carpoolNotificationSchema>;

export const deleteNotificationInputSchema = z.object({
  notifId: id(CARPOOL_TEXTS.notificationNotFound),
  type: z.enum(['COVOIT', 'HORAIRE']).optional(),
});

/** POST /user-notation-covoiturage/bulk (spec section 3, Rating payload). */
export const ratingNoteSchema = z
  .number({ error: CARPOOL_TEXTS.ratingValue })
  .min(LIMITS.rating.min, { error: CARPOOL_TEXTS.ratingValue })
  .max(LIMITS.rating.max, { error: CARPOOL_TEXTS.ratingValue })
  .refine((note) => Number.isInteger(note * 2), { error: CARPOOL_TEXTS.ratingValue });
export const ratingInputSchema = z
  .array(
    z.object({
      note: ratingNoteSchema,
      userId: id(CARPOOL_TEXTS.ratingNotMember),
      userToUserMatchId: id(CARPOOL_TEXTS.relationNotFound),
    }),
    { error: CARPOOL_TEXTS.ratingIncomplete },
  )
  .min(1, { error: CARPOOL_TEXTS.ratingIncomplete })
  .max(LIMITS.stepper.max, { error: CARPOOL_TEXTS.ratingIncomplete });
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** POST /users/my-covoiturage: own (userId) or another member's (publicId: pseudo or id). */
export const myCarpoolsInputSchema = z.object({
  userId: z.number().int().positive().max(ID_MAX).optional(),
  publicId: z
    .union([z.string().trim().min(1).max(30), z.number().int().positive().max(ID_MAX)])
    .optional(),
});

const personRef = z.object({ username: z.string(), avatar: z.string().nullable() });
/** Spec section 3, Stadium match entry ('Mes matchs au stade' and past carpools). */
export const stadiumMatchSchema = z.object({
  match_id: z.number().int(),
  date: z.string(),
  domicile: z.boolean(),
  score: z.string().nullable(),
  match: z.object({
    club_adverse: z.object({ nom: z.string(), logo: z.string().nullable() }),
    score_reel: z.object({ buts_dom: z.number().int(), buts_ext: z.number().int() }).nullable(),
  }),
  transport: z.object({
    /** VOITURE, BUS, TRAIN, AVION, A PIED or COVOITURAGE. */
    libelle_transport: z.string(),
    libelle_antenne: z.string().nullable(),
    conducteur: personRef.nullable(),
    passagers: z.array(personRef),
  }),
});
export type StadiumMatch = z.infer<typeof stadiumMatchSchema>;
export const myCarpoolsSchema = z.object({
  matchs: z.array(stadiumMatchSchema),
  /** Confirmed carpools honoured / confirmed (not cancelled in the last 24 h before kickoff). */
  trajets: z.object({ honores: z.number().int(), total: z.number().int() }),
});
export type MyCarpools = z.infer<typeof myCarpoolsSchema>;
