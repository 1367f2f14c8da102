import { plural, pluralWord } from './french.js';
import { formatParisDay, formatParisTime } from './paris-format.js';

/** '20/12/2026 à 21:00', Paris time. */
const parisWhen = (value: string | Date) => `${formatParisDay(value)} à ${formatParisTime(value)}`;

/**
 * Coach trips' limits, statuses and French texts (issue 30), apart from their schemas
 * (schemas/trips.ts re-exports them) so that screens which only name them do not load zod.
 */
export const TRIP_LIMITS = {
  placeMin: 3,
  placeMax: 120,
  seatsMax: 90,
  /** The member and up to 3 companions. */
  seatsPerRegistration: 4,
  notesMax: 1000,
  fareMax: 1000,
  organizersMax: 20,
  announcementMax: 1000,
} as const;

/** A trip's status on the wire; COMPLET is computed, the others are stored. */
export const TRIP_STATUSES = ['OUVERT', 'COMPLET', 'CLOS', 'ANNULE'] as const;
export type TripStatusWire = (typeof TRIP_STATUSES)[number];
export const REGISTRATION_STATUSES = ['CONFIRME', 'ATTENTE'] as const;
export type RegistrationStatusWire = (typeof REGISTRATION_STATUSES)[number];

export const TRIP_TEXTS = {
  // Labels
  cardTitle: (antenne: string) => `Car de ${antenne}`,
  statusLabels: {
    OUVERT: 'Inscriptions ouvertes',
    COMPLET: 'Complet : liste d’attente',
    CLOS: 'Inscriptions closes',
    ANNULE: 'Annulé',
  } satisfies Record<TripStatusWire, string>,
  mySpace: 'Mes déplacements',
  /** The link from a trip's card or row to its group thread (for those in it). */
  thread: 'Fil du car',
  /** The card's button and the dialog's: what a registration does now (see waitsIfRegistering). */
  register: 'Je m’inscris',
  joinWaitingList: 'Rejoindre la liste d’attente',
  /** The registration's optional phone, asked by the card's dialog and the presence form. */
  phoneLabel: 'Téléphone pour les organisateurs (facultatif)',
  /** A full card's seats: no seat for a newcomer, even if some are kept for the waiting list. */
  full: 'Complet',
  seatsLeft: (left: number) => `${plural(left, 'place')} ${pluralWord(left, 'restante')}`,
  /** The waiting list in registrations and seats: '3 inscriptions en attente (7 places)'. */
  waitingList: (registrations: number, seats: number) =>
    `${plural(registrations, 'inscription')} en attente (${plural(seats, 'place')})`,
  /** The registration dialog, when the member's choice would queue. */
  willWait: 'Le car est complet : tu seras inscrit en liste d’attente.',
  willWaitForSeats: (left: number) =>
    `Il reste ${plural(left, 'place')} : pour plus, tu seras inscrit en liste d’attente.`,
  // Successes
  created: 'Déplacement créé.',
  updated: 'Déplacement mis à jour.',
  cancelled: 'Déplacement annulé : les inscrits sont prévenus.',
  registered: (antenne: string) => `Tu es inscrit dans le car de ${antenne} !`,
  /** A registration queued: the coach may be full, or the group larger than the seats left. */
  waiting: (position: number) =>
    `Tu es en liste d’attente (position ${position}) : tu seras prévenu(e) si des places se libèrent.`,
  unregistered: 'Ton inscription est annulée.',
  organizersSaved: 'Organisateurs enregistrés.',
  announcementSent: 'Annonce envoyée aux inscrits.',
  // Notifications (bell, push, mail)
  promoted: (antenne: string) =>
    `Une place s'est libérée : tu es inscrit dans le car de ${antenne} !`,
  tripCancelledNotice: (antenne: string) => `Le car de ${antenne} est annulé.`,
  reminder: (antenne: string, time: string, place: string) =>
    `Rappel : départ du car de ${antenne} demain à ${time}, ${place}.`,
  announcement: (antenne: string) => `Nouvelle annonce pour le car de ${antenne}.`,
  /** A moved kickoff the trip's times still fit: the new kickoff and the departure as it is. */
  kickoffMoved: (antenne: string, kickoff: string, departure: string, place: string) =>
    `Nouvel horaire du match : coup d'envoi le ${kickoff}. Départ du car de ${antenne} le ${departure}, ${place}.`,
  /** A moved kickoff the coach now leaves after, or comes back before. */
  kickoffMovedRetime: (antenne: string, kickoff: string) =>
    `Nouvel horaire du match : coup d'envoi le ${kickoff}. Les horaires du car de ${antenne} sont à revoir : les organisateurs vont les changer.`,
  /** The organisers' form, while a trip with registrants gets a new departure or return. */
  scheduleTold: 'Les inscrits seront prévenus du nouveau départ en enregistrant.',
  /** The organisers changed the departure (time or place) or the return of a trip. */
  departureChanged: (antenne: string, departure: string, place: string) =>
    `Nouveau départ pour le car de ${antenne} : le ${departure}, ${place}.`,
  /** The same, with the return the organisers gave. */
  departureChangedWithReturn: (antenne: string, departure: string, place: string, back: string) =>
    `Nouveau départ pour le car de ${antenne} : le ${departure}, ${place}. Retour prévu le ${back}.`,
  /** The same, said by a caller that does not know the kickoff (none does today). */
  kickoffMovedUnknown: (antenne: string) =>
    `Nouvel horaire du match : vérifie les horaires du car de ${antenne}.`,
  /** The match form, while an operator types a new kickoff for a match with coaches. */
  kickoffMoveTold: (coaches: number) =>
    coaches === 1
      ? 'Ce match a un car : ses inscrits et ses organisateurs seront prévenus du nouvel horaire.'
      : `Ce match a ${coaches} cars : leurs inscrits et leurs organisateurs seront prévenus du nouvel horaire.`,
  /** The same, for the coaches that would leave after the new kickoff or come back before. */
  kickoffMoveOff:
    'Avec ce coup d’envoi, ces cars partent après le match ou rentrent avant : leurs organisateurs devront changer leurs horaires.',
  /** The organisers' list, while the trip's times no longer fit the match's kickoff. */
  timesOffKickoff: (kickoff: string) =>
    `Le coup d'envoi est maintenant le ${kickoff} : le car part après ou rentre avant. Change ses horaires, puis préviens les inscrits par une annonce.`,
  // Refusals (4xx bodies) and field errors
  notFound: 'Déplacement introuvable.',
  registrationNotFound: 'Inscription introuvable.',
  unknownMatch: 'Match introuvable.',
  unknownAntenna: 'Antenne introuvable.',
  /** The trip form's match and antenna once the trip exists: the API refuses to change them. */
  fixedAfterCreation: 'Fixé à la création du déplacement.',
  /** The trip form's selects left on '— Choisir —'. */
  matchRequired: 'Choisis un match.',
  antennaRequired: 'Choisis une antenne.',
  unknownMember: 'Membre introuvable.',
  matchPast: 'Ce match est déjà joué.',
  placeLength: 'Le lieu de départ doit faire entre 3 et 120 caractères.',
  placeForbidden: 'Le lieu de départ contient un contenu interdit.',
  departureInvalid: 'Heure de départ invalide.',
  departureRequired: 'Choisis la date et l’heure du départ.',
  returnInvalid: 'Heure de retour invalide.',
  returnBeforeDeparture: 'Le retour doit être après le départ.',
  deadlineInvalid: 'Date limite invalide.',
  deadlineAfterDeparture: 'La date limite doit être avant le départ.',
  departurePast: 'Le départ doit être dans le futur.',
  /** A new deadline already past would close the registrations at once (a mistyped date). */
  deadlinePast: 'La date limite doit être dans le futur.',
  /** `kickoff`: the match's instant, said in Paris time. */
  departureAfterKickoff: (kickoff: string | Date) =>
    `Le départ doit être avant le coup d’envoi du match (${parisWhen(kickoff)}).`,
  returnBeforeKickoff: (kickoff: string | Date) =>
    `Le retour doit être après le coup d’envoi du match (${parisWhen(kickoff)}).`,
  seatsRange: 'Le nombre de places doit être entre 1 et 90.',
  seatsBelowConfirmed: (confirmed: number) =>
    `Impossible de descendre sous les ${confirmed} places déjà confirmées.`,
  fareInvalid: 'Prix invalide (en euros, 2 décimales au plus).',
  notesLength: 'Les notes font 1 000 caractères au maximum.',
  notesForbidden: 'Les notes contiennent un contenu interdit.',
  seatCountRange: 'Tu peux réserver de 1 à 4 places (toi et 3 accompagnants au plus).',
  phoneInvalid: 'Numéro de téléphone invalide.',
  patchEmpty: 'Rien à modifier.',
  closedInvalid: 'Choix de clôture invalide.',
  tooManyOrganizers: 'Vingt organisateurs au plus par antenne.',
  announcementLength: 'Une annonce fait entre 1 et 1 000 caractères.',
  announcementForbidden: 'Cette annonce contient un contenu interdit.',
  notOrganizer: 'Seuls les organisateurs de cette antenne gèrent ce déplacement.',
  alreadyRegistered: 'Tu es déjà inscrit à ce déplacement.',
  alreadyOnCoach: (antenne: string) =>
    `Tu es déjà inscrit dans le car de ${antenne} pour ce match.`,
  alreadyInCar: 'Tu as déjà un covoiturage pour ce match : annule-le avant de prendre le car.',
  onCoachNoCarpool: (antenne: string) =>
    `Tu es inscrit dans le car de ${antenne} pour ce match : annule d'abord ton inscription.`,
  deadlinePassed: 'Les inscriptions à ce déplacement sont closes.',
  tripClosed: 'Les inscriptions à ce déplacement sont closes.',
  tripCancelled: 'Ce déplacement est annulé.',
  /** Cancelling would drop the registrations (and their ticks) of a coach already on the road. */
  departedNoCancel: 'Le car est déjà parti : ce déplacement ne peut plus être annulé.',
  notRegistered: 'Tu n’es pas inscrit à ce déplacement.',
} as const;

/** What a DEPLACEMENT notification says (Notification.tripEvent). */
export const TRIP_EVENTS = [
  'PLACE_LIBEREE',
  'ANNULATION',
  'RAPPEL',
  'ANNONCE',
  'HORAIRE',
  'DEPART_MODIFIE',
] as const;
export type TripEventWire = (typeof TRIP_EVENTS)[number];

const time = (value: string | Date) => new Date(value).getTime();

/**
 * Whether a coach's times still fit its match: it leaves before the kickoff and, when it says
 * when it comes back, comes back after it (what creating a trip requires). A moved kickoff can
 * break this; the organisers then change the trip's times.
 */
export function tripTimesFitKickoff(
  trip: { depart_heure: string | Date; retour_heure?: string | Date | null },
  kickoff: string | Date,
): boolean {
  if (time(trip.depart_heure) >= time(kickoff)) return false;
  return !trip.retour_heure || time(trip.retour_heure) > time(kickoff);
}

/** What a trip notification's sentence is written from; read when it is shown, so current. */
export interface TripNotice {
  antenne: string;
  depart_heure: string | Date;
  depart_lieu: string;
  /** The coach's return (HORAIRE, DEPART_MODIFIE) and the match's kickoff (HORAIRE). */
  retour_heure?: string | Date | null;
  coup_envoi?: string | Date | null;
}

/**
 * The one sentence of a trip notification, as the bell, the push and the mail say it: the
 * departure (an ISO instant, shown in Paris time) and its place only matter to the reminder
 * and to a moved kickoff.
 */
export function tripNoticeText(evenement: TripEventWire, trip: TripNotice): string {
  switch (evenement) {
    case 'PLACE_LIBEREE':
      return TRIP_TEXTS.promoted(trip.antenne);
    case 'ANNULATION':
      return TRIP_TEXTS.tripCancelledNotice(trip.antenne);
    case 'RAPPEL':
      return TRIP_TEXTS.reminder(
        trip.antenne,
        formatParisTime(trip.depart_heure),
        trip.depart_lieu,
      );
    case 'ANNONCE':
      return TRIP_TEXTS.announcement(trip.antenne);
    case 'DEPART_MODIFIE':
      return trip.retour_heure
        ? TRIP_TEXTS.departureChangedWithReturn(
            trip.antenne,
            parisWhen(trip.depart_heure),
            trip.depart_lieu,
            parisWhen(trip.retour_heure),
          )
        : TRIP_TEXTS.departureChanged(trip.antenne, parisWhen(trip.depart_heure), trip.depart_lieu);
    case 'HORAIRE': {
      const kickoff = trip.coup_envoi;
      if (!kickoff) return TRIP_TEXTS.kickoffMovedUnknown(trip.antenne);
      return tripTimesFitKickoff(trip, kickoff)
        ? TRIP_TEXTS.kickoffMoved(
            trip.antenne,
            parisWhen(kickoff),
            parisWhen(trip.depart_heure),
            trip.depart_lieu,
          )
        : TRIP_TEXTS.kickoffMovedRetime(trip.antenne, parisWhen(kickoff));
    }
  }
}
