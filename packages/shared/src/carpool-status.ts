/**
 * Spec section 4: the carpool relation statuses, as ids (the `carpool_statuses` reference
 * rows the seed writes, part of the contract with the web app) and as the sets the rules and
 * the screens read. No zod here: screens read these without loading a schema.
 */
export const CARPOOL_STATUS = {
  PROPOSE: 1,
  DEMANDE: 2,
  CONFIRME: 3,
  REFUSE: 4,
  ANNULE: 5,
  EXCLU: 6,
} as const;
export type CarpoolStatusName = keyof typeof CARPOOL_STATUS;
export type CarpoolStatusId = (typeof CARPOOL_STATUS)[CarpoolStatusName];

/** Every status id, in the reference table's order. */
export const CARPOOL_STATUS_IDS: readonly CarpoolStatusId[] = Object.values(CARPOOL_STATUS);

/** The reference rows' names (`carpool_statuses.libelle`) by id. */
export const CARPOOL_STATUS_NAMES = Object.fromEntries(
  Object.entries(CARPOOL_STATUS).map(([name, id]) => [id, name]),
) as Readonly<Record<CarpoolStatusId, CarpoolStatusName>>;

/**
 * Waiting for the receiver's answer ('En attente' for the initiator, 'Répondre' for the
 * receiver): proposed by a driver or requested by a searcher.
 */
export const PENDING_CARPOOL_STATUSES: readonly CarpoolStatusId[] = [
  CARPOOL_STATUS.PROPOSE,
  CARPOOL_STATUS.DEMANDE,
];

/**
 * Pending or confirmed: the relation still binds the pair for the match, so a pair has at most
 * one, and a member's cancellation or withdrawal reaches it. Refused, cancelled and excluded
 * relations are history.
 */
export const ACTIVE_CARPOOL_STATUSES: readonly CarpoolStatusId[] = [
  ...PENDING_CARPOOL_STATUSES,
  CARPOOL_STATUS.CONFIRME,
];

export const isPendingCarpoolStatus = (status: number): boolean =>
  (PENDING_CARPOOL_STATUSES as readonly number[]).includes(status);

export const isActiveCarpoolStatus = (status: number): boolean =>
  (ACTIVE_CARPOOL_STATUSES as readonly number[]).includes(status);
