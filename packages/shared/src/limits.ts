/** Business constants of spec section 9, in one place for the API and the web app. */
export const LIMITS = {
  apiPrefix: '/api',
  accessTokenStorageKey: 'access_token',
  sessionCookie: 'session_id',
  /** A token this close to expiry is refreshed before an API call (ms). */
  tokenRefreshMarginApiMs: 30_000,
  /** At start-up, a stored token this close to expiry is not used (ms). */
  tokenRefreshMarginAuthMs: 60_000,
  refreshCheckIntervalMs: 30_000,
  stepper: { min: 1, max: 15 },
  placesEditor: { min: 0, max: 15 },
  rating: { min: 0.5, max: 5, step: 0.5 },
  proposalDescriptionMax: 150,
  cancelReason: { min: 5, max: 80 },
  reportReason: { min: 10, max: 255 },
  messageMax: 1000,
  contactMessage: { min: 10, max: 300 },
  loginEmailMax: 40,
  loginPasswordMax: 30,
  pseudo: { min: 4, max: 15 },
  password: { min: 8, max: 30 },
  defaultLoginWaitSeconds: 60,
  unreadPollMs: 20_000,
  /**
   * How often an open MuneguMap reads its departments and supporters again: others' presence
   * changes (a driver who stops driving, a searcher who found a seat) reach no socket.
   */
  munegumapRefreshMs: 30_000,
  /**
   * How often a match's coach cards read their seats again while one of them takes
   * registrations: only the trip's registrants and organisers hear its changes live.
   */
  tripsRefreshMs: 30_000,
  /** How long the page waits for the socket to acknowledge a sent message. */
  messageAckTimeoutMs: 10_000,
  toastMs: 3_000,
  deleteHoldMs: 900,
  deleteHoldTickMs: 30,
  messagesPageSize: 20,
  searchDebounceMs: 300,
  searchMinChars: 2,
  stopNotifRedirectMs: 1_200,
  imagePosY: { min: 0, max: 100, step: 5, default: 10 },
  homeNews: { max: 4, maxNarrow: 3, narrowWidth: 910 },
  swipeThresholdPx: 80,
  excerpt: { wide: 130, medium: 100, narrow: 20, mediumBelow: 1000, narrowBelow: 750 },
  profileLayoutPx: 768,
  leagueTableToggleMaxWidth: 1260,
  muneguMapSideBySideMinWidth: 1000,
  avatar: { maxWidth: 600, webpQuality: 80 },
  maxAntennas: 2,
  predictionScoreMax: 50,
  notificationRemoveAnimationMs: 300,
  predictionPoints: { exact: 5, resultAndDiff: 3, result: 1, wrong: 0 },
} as const;

/**
 * AS Monaco's club id, fixed by the seed: the spec tells home from away and names the
 * opponent from club id 1, on the API and in the web app alike.
 */
export const MONACO_CLUB_ID = 1;

/** Roles in ascending order of power (spec section 3); compared by upper-cased label. */
export const ROLES = ['UTILISATEUR', 'REDACTEUR', 'MODERATEUR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** A role as the staff screens name it, one word per role everywhere. */
export const ROLE_NAMES: Record<Role, string> = {
  UTILISATEUR: 'Membre',
  REDACTEUR: 'Rédacteur',
  MODERATEUR: 'Modérateur',
  ADMIN: 'Administrateur',
};
export const roleName = (role: string): string =>
  ROLE_NAMES[role.toUpperCase() as Role] ?? ROLE_NAMES.UTILISATEUR;

export function roleRank(role: string): number {
  return ROLES.indexOf(role.toUpperCase() as Role);
}

/** True when `role` is `minimum` or above. Unknown labels are below everything. */
export function hasRole(role: string | null | undefined, minimum: Role): boolean {
  if (!role) return false;
  const rank = roleRank(role);
  return rank >= 0 && rank >= roleRank(minimum);
}
