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
  returnInvalid: 'Heure de retour invalide.',
  returnBeforeDeparture: 'Le retour doit être après le départ.',
  deadlineInvalid: 'Date limite invalide.',
  deadlineAfterDeparture: 'La date limite doit être avant le départ.',
  departurePast: 'Le départ doit être dans le futur.',
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
  notRegistered: 'Tu n’es pas inscrit à ce déplacement.',
} as const;

/** What a DEPLACEMENT notification says (Notification.tripEvent). */
export const TRIP_EVENTS = ['PLACE_LIBEREE', 'ANNULATION', 'RAPPEL', 'ANNONCE'] as const;
export type TripEventWire = (typeof TRIP_EVENTS)[number];

/**
 * The one sentence of a trip notification, as the bell, the push and the mail say it: the
 * departure (an ISO instant, shown in Paris time) and its place only matter to the reminder.
 */
export function tripNoticeText(
  evenement: TripEventWire,
  trip: { antenne: string; depart_heure: string | Date; depart_lieu: string },
): string {
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
  }
}
