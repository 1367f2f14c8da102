import { LIMITS } from './limits.js';

/**
 * The constants of going to the match (messages, relation statuses, transports), apart from
 * their schemas (schemas/carpool.ts re-exports them) so that a screen showing them does not
 * load zod: the web build leaves out a schema module nobody parses with, not one whose
 * constant is read.
 */
export const CARPOOL_TEXTS = {
  presenceFailed: "Erreur lors de l'enregistrement de vos réponses. Veuillez réessayer.",
  presenceSaved: 'Vos réponses ont été enregistrées avec succès !',
  alreadyConfirmed:
    'Vous avez déjà un covoiturage confirmé. Vous ne pouvez pas vous réenregistrer.',
  mapClosed:
    'Vous devez avoir un transport, une recherche ou un covoiturage pour accéder à la MuneguMap.',
  alreadyRatedAll: 'Vous avez déjà noté vos covoitureurs.',
  presenceDeleteFailed: 'Erreur lors de la suppression de votre présence au match.',
  presenceDeleted: 'Ta présence au match a été supprimée.',
  ratingDuplicate: 'Vous avez déjà noté ce covoiturage.',
  /** The API's 400 message for a second rating; the web maps it to `ratingDuplicate`. */
  ratingAlreadyDone: 'Notation déjà réalisée pour ce covoiturage.',
  ratingFailed: "Erreur lors de l'enregistrement de la note",
  ratingSaved: 'Note enregistrée avec succès',
  ratingNotFinished: "Le match n'est pas encore terminé : la notation ouvrira à la fin du match.",
  ratingNotMember: 'Tu ne peux noter que les membres de ton covoiturage.',
  ratingIncomplete: 'Chaque membre du covoiturage doit recevoir une note.',
  ratingValue: 'La note doit aller de 0,5 à 5 par demi-point.',
  confirmFailed: 'Erreur lors de la confirmation',
  confirmed: 'Covoiturage confirmé avec succès ! Bravo et merci à vous ! Bonne route 🤝',
  refuseFailed: 'Erreur lors du refus',
  refused: 'Proposition de covoiturage refusée.',
  otherReasonMissing: "Motif 'Autre' introuvable pour l'annulation.",
  invalidReason: 'Veuillez sélectionner un motif valide.',
  operationFailed: "Une erreur est survenue pendant l'opération.",
  actionDone: 'Action effectuée avec succès.',
  actionWithReportDone: 'Action avec signalement effectués avec succès.',
  customReasonLength: `Le motif doit contenir entre ${LIMITS.cancelReason.min} et ${LIMITS.cancelReason.max} caractères.`,
  sent: (kind: 'demande' | 'proposition', name: string) =>
    `Votre ${kind} de covoiturage a bien été envoyée. Elle est en attente de confirmation de ${name}.`,
  sendFailed: (name: string) => `Erreur lors de l'envoi à ${name}.`,
  sendUnexpected: "Une erreur inattendue s'est produite.",
  notEnoughPlaces: 'Places insuffis.',
  notEnoughPlacesTooltip: 'Pas assez de places pour cette demande',
  descriptionForbidden: 'La description contient des caractères non autorisés.',
  placesSaved: 'Nombre de places mis à jour.',
  /** Server refusals (4xx); the spec shows the server's message for these. */
  unknownMatch: 'Match introuvable.',
  matchLocked: 'Les inscriptions pour ce match sont fermées : le coup d’envoi est passé.',
  matchFinished: 'Ce match est terminé.',
  /** Cancel, exclude, answer or change seats once the match has kicked off (or is finished). */
  carpoolLocked: 'Le coup d’envoi est passé : ce covoiturage ne peut plus être modifié.',
  /** The members popup's link to the car's group thread (for those in it). */
  thread: 'Fil du covoiturage',
  unknownDepartment: 'Département de départ inconnu.',
  unknownTransport: 'Moyen de transport inconnu.',
  unknownAntenna: "Choisis le bus public ou l'une de tes antennes.",
  placesRange: `Le nombre de places doit aller de ${LIMITS.stepper.min} à ${LIMITS.stepper.max}.`,
  placesEditorRange: `Le nombre de places doit aller de ${LIMITS.placesEditor.min} à ${LIMITS.placesEditor.max}.`,
  peopleRange: `Le nombre de personnes doit aller de ${LIMITS.stepper.min} à ${LIMITS.stepper.max}.`,
  notADriver: 'Tu dois être conducteur et proposer du covoiturage pour ce match.',
  notASearcher: 'Tu dois être en recherche de covoiturage pour ce match.',
  targetNotSearcher: 'Ce membre ne cherche pas de covoiturage pour ce match.',
  targetNotDriver: 'Ce membre ne propose pas de covoiturage pour ce match.',
  self: 'Tu ne peux pas faire cela avec toi-même.',
  relationExists: 'Une demande est déjà en cours avec ce membre pour ce match.',
  relationNotFound: 'Covoiturage introuvable.',
  /** Also what a blocked sender reads: nothing tells them of the block. */
  memberUnavailable: 'Ce membre n’est pas disponible pour un covoiturage.',
  notAddressee: 'Seul le destinataire peut répondre à cette demande.',
  notPending: "Cette demande n'est plus en attente.",
  proposalNotPending: "Cette proposition n'est plus en attente.",
  /** Under an old « … a accepté le covoiturage » read after the carpool ended. */
  noLongerConfirmed: "Ce covoiturage n'est plus confirmé depuis.",
  notDriver: 'Seul le conducteur peut faire cela.',
  notConfirmed: "Ce covoiturage n'est pas confirmé.",
  placesBelowTaken: 'Pas assez de places libres pour ce passager.',
  noPresence: "Tu n'as pas de présence enregistrée pour ce match.",
  reportAsDriver: 'Le conducteur ne peut pas signaler en annulant.',
  notificationNotFound: 'Notification introuvable.',
  deleteWithConfirmed:
    'Tu as un covoiturage confirmé pour ce match : annule-le d’abord pour modifier ou supprimer ta présence.',
} as const;

/**
 * The reason the other member reads when the application cancels a carpool because a member
 * was suspended, banned or deleted (it does not say which). Stored as a reason of kind SYSTEME.
 */
export const CARPOOL_SYSTEM_REASON = "Le compte de ce membre n'est plus actif.";

/** Spec section 4: carpool relation status ids, names and sets (one file, zod-free). */
export * from './carpool-status.js';

/** Spec section 4: the bell's wording per relation status, after the other member's pseudo. */
export const CARPOOL_STATUS_WORDING: Readonly<Record<number, string>> = {
  1: 'vous a proposé un covoiturage. 👋',
  2: 'vous a demandé un covoiturage. 👋',
  3: 'a accepté le covoiturage ! 🎉',
  4: 'a refusé le covoiturage. ❌',
  5: 'a annulé le covoiturage. ❌',
  6: 'vous a exclu du covoiturage. ❌',
};

/** Any other status reads 'vous a envoyé une notification.' (spec section 4). */
export function carpoolStatusWording(status: number | null | undefined): string {
  return (status != null && CARPOOL_STATUS_WORDING[status]) || 'vous a envoyé une notification.';
}

/** How the bell and the mails name a member whose account was deleted (anonymised). */
export const FORMER_MEMBER = 'Un ancien membre';

// Made on first use, not when the module loads: the first Intl formatter with a time zone
// costs a phone tens of milliseconds (ICU data), and the navbar's bell loads this module on
// every signed-in page whether or not it shows a notification.
let dayMonth: Intl.DateTimeFormat | undefined;
const DAY_MONTH = () =>
  (dayMonth ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
  }));

/** 'AS Monaco – FC Nantes du 29/11' (Paris date): the match a notification is about. */
export function notificationMatchLabel(match: {
  domicile: string;
  exterieur: string;
  date: string | Date;
}): string {
  return `${match.domicile} – ${match.exterieur} du ${DAY_MONTH().format(new Date(match.date))}`;
}

/** Transport codes as the spec's Info for a match writes them. */
export const TRANSPORT_CODES = ['VOITURE', 'BUS', 'TRAIN', 'AVION', 'A PIED'] as const;
export type TransportCode = (typeof TRANSPORT_CODES)[number];

/** Transport ids fixed by the seed: 1 voiture … 5 a pied, 6 en recherche. */
export const TRANSPORT_IDS = {
  VOITURE: 1,
  BUS: 2,
  TRAIN: 3,
  AVION: 4,
  'A PIED': 5,
  RECHERCHE: 6,
} as const;

/**
 * The one label of each transport mode wherever a mode is shown (presence form, MuneguMap,
 * profile), accented and capitalised as the spec's transport labels read ('En bus - {branch or
 * public}' adds the branch, busLabel). The reference rows keep the spec's libellés ('voiture',
 * 'a pied', 'en recherche'); screens show these.
 */
export const TRANSPORT_LABELS = {
  VOITURE: 'En voiture',
  BUS: 'En bus',
  TRAIN: 'En train',
  AVION: 'En avion',
  'A PIED': 'À pied',
  RECHERCHE: 'En recherche',
  /** A passenger of a confirmed carpool (profile's stadium matches). */
  COVOITURAGE: 'En covoiturage',
} as const satisfies Record<keyof typeof TRANSPORT_IDS | 'COVOITURAGE', string>;

/** 'En bus - {branch}', or 'En bus - public' for the public bus. */
export const busLabel = (antenne: string | null | undefined) =>
  `${TRANSPORT_LABELS.BUS} - ${antenne || 'public'}`;

/**
 * Names an administrator cannot give a transport mode they add: the spec's modes and their
 * labels ('voiture', 'En voiture', 'à pied', 'recherche', 'covoiturage'...), which the screens
 * read as those modes.
 */
export function isReservedTransportName(name: string): boolean {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim()
    .toUpperCase();
  const reserved = [...Object.keys(TRANSPORT_LABELS), 'EN RECHERCHE'];
  return reserved.some((code) => key === code || key === `EN ${code}`);
}

/** A transport type's label by its id (reference rows), else its libellé capitalised. */
export function transportLabelOf(id: number, libelle = ''): string {
  const code = (Object.keys(TRANSPORT_IDS) as (keyof typeof TRANSPORT_IDS)[]).find(
    (k) => TRANSPORT_IDS[k] === id,
  );
  if (code) return TRANSPORT_LABELS[code];
  return libelle.charAt(0).toUpperCase() + libelle.slice(1);
}

/** The label of a mode or a libellé as the reference rows or the profile spell it ('a pied'). */
export function transportLabelOfCode(code: string): string {
  const key = code
    .trim()
    .toUpperCase()
    .replace(/^EN RECHERCHE$/, 'RECHERCHE');
  return key in TRANSPORT_LABELS
    ? TRANSPORT_LABELS[key as keyof typeof TRANSPORT_LABELS]
    : code.charAt(0).toUpperCase() + code.slice(1);
}
