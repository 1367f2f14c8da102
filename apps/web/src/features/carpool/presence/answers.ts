import {
  CARPOOL_TEXTS,
  LIMITS,
  TRANSPORT_IDS,
  type MatchInfo,
  type TransportType,
} from '@munegu/shared';
import { isApiError } from '../../../lib/api';
import type { BodyOf } from '../../../lib/call';

/**
 * The presence form's answers (spec section 4, Presence form) and the one request they make:
 * POST /user-recherche for a member searching a ride, POST /user-transport for everyone else.
 */
export type Answers = {
  departement: string;
  transportId: number | null;
  covoiturage: boolean;
  places: number;
  /** The antenna whose bus the member takes; null = public bus. */
  antenneId: number | null;
  people: number;
};

export const emptyAnswers = (departement: string): Answers => ({
  departement,
  transportId: null,
  covoiturage: false,
  places: LIMITS.stepper.min,
  antenneId: null,
  people: LIMITS.stepper.min,
});

/** The id of a mode named on the wire: a spec code, or an added mode's libellé (`modes`). */
function transportIdOf(transport: string | null, modes: TransportType[]): number | null {
  if (transport === null) return null;
  if (transport in TRANSPORT_IDS) return TRANSPORT_IDS[transport as keyof typeof TRANSPORT_IDS];
  return modes.find((m) => m.libelle === transport)?.id ?? null;
}

/** 'Modifier' starts from what the member answered last time (`modes`: GET /transport). */
export function answersFromInfo(info: MatchInfo, modes: TransportType[] = []): Answers {
  const base = emptyAnswers(info.departement_depart.replace(/^FR-/i, ''));
  if (info.type === 'recherche')
    return {
      ...base,
      transportId: TRANSPORT_IDS.RECHERCHE,
      people: clampStepper(info.nb_pers),
    };
  return {
    ...base,
    transportId: transportIdOf(info.transport, modes),
    covoiturage: info.covoiturage,
    places: clampStepper(info.places_dispo),
    antenneId: info.antenne?.id ?? null,
  };
}

function clampStepper(value: number | null): number {
  const { min, max } = LIMITS.stepper;
  return Math.min(max, Math.max(min, value ?? min));
}

export type PresenceRequest =
  | { kind: 'search'; body: BodyOf<'POST /user-recherche'> }
  | { kind: 'presence'; body: BodyOf<'POST /user-transport'> };

/** The request the answers make; seats only for a car offering carpooling, antenna only by bus. */
export function requestOf(answers: Answers, matchId: number): PresenceRequest {
  if (answers.transportId === TRANSPORT_IDS.RECHERCHE)
    return {
      kind: 'search',
      body: {
        nb_pers: answers.people,
        departement_depart: answers.departement,
        match_id: matchId,
        actif: true,
      },
    };
  const car = answers.transportId === TRANSPORT_IDS.VOITURE;
  const carpooling = car && answers.covoiturage;
  return {
    kind: 'presence',
    body: {
      transport_id: answers.transportId ?? 0,
      antenne_id: answers.transportId === TRANSPORT_IDS.BUS ? answers.antenneId : null,
      match_id: matchId,
      covoiturage: carpooling,
      places_dispo: carpooling ? answers.places : 0,
      departement_depart: answers.departement,
      actif: true,
    },
  };
}

const KNOWN_MESSAGES = new Set<unknown>(Object.values(CARPOOL_TEXTS));

/**
 * The result panel's failure text: the server's message when it is one the spec names for
 * going to the match (e.g. alreadyConfirmed) or a refusal of the member's situation (409, e.g.
 * a seat on a coach: trying again changes nothing until they act), otherwise the generic
 * presence failure, which invites a retry.
 */
export function presenceFailureText(error: unknown): string {
  if (
    isApiError(error) &&
    error.fromServer &&
    (error.status === 409 || KNOWN_MESSAGES.has(error.message))
  )
    return error.message;
  return CARPOOL_TEXTS.presenceFailed;
}
