import {
  busLabel,
  CARPOOL_STATUS,
  isPendingCarpoolStatus,
  plural,
  TRANSPORT_LABELS,
  transportLabelOfCode,
  type ConfirmedCarpool,
  type MatchInfo,
  type Supporter,
} from '@munegu/shared';
import { formatRating } from '../../../lib/rating';

/**
 * The MuneguMap's rules as pure functions (spec sections 4 and 9): who the member is for the
 * list, the order of the tabs, the order of the rows and the action each row offers.
 */

/** The member looking at the map, as the rows' actions need them. */
export type Viewer = {
  id: number | null;
  /** Declared a presence with transport (MatchInfo.type 'transport'). */
  hasTransport: boolean;
  /** Searching for a ride: may request seats from carpool-offering drivers. */
  searching: boolean;
  /** Driving and offering carpooling: may propose seats to searchers. */
  offering: boolean;
  /** People travelling with the member when searching (nb_pers). */
  groupSize: number;
  /** The driver's free seats (places_dispo). */
  freePlaces: number;
  department: string | null;
  hasConfirmed: boolean;
};

export function viewerOf(info: MatchInfo | null, id: number | null): Viewer {
  return {
    id,
    hasTransport: info?.type === 'transport',
    searching: info?.type === 'recherche',
    offering: info?.type === 'transport' && info.transport === 'VOITURE' && info.covoiturage,
    groupSize: info?.nb_pers ?? 1,
    freePlaces: info?.places_dispo ?? 0,
    department: info ? plainCode(info.departement_depart) : null,
    hasConfirmed: info?.has_confirmed ?? false,
  };
}

/** Codes are compared without the 'FR-' some sources still carry ('FR-06' → '06'). */
export function plainCode(code: string): string {
  return code.replace(/^FR-/i, '').toUpperCase();
}

export const isOfferingDriver = (s: Supporter) => s.transport === 'VOITURE' && s.covoiturage;
/** A proposal or a request the member has not answered yet. */
export const isPendingToMe = (s: Supporter) =>
  s.relation !== null && !s.relation.initiator && isPendingCarpoolStatus(s.relation.statut);

export type TabId = 'confirmed' | 'transport' | 'searching';
export const TAB_LABELS: Record<TabId, string> = {
  confirmed: 'En covoiturage',
  transport: 'Avec transport',
  searching: 'En recherche',
};

/**
 * Spec section 4: the confirmed carpool comes first when there is one; a member with
 * transport looks for passengers ('En recherche' before 'Avec transport'), a searcher for
 * drivers ('Avec transport' first).
 */
export function orderTabs(hasTransport: boolean, hasConfirmed: boolean): TabId[] {
  const lists: TabId[] = hasTransport ? ['searching', 'transport'] : ['transport', 'searching'];
  return hasConfirmed ? ['confirmed', ...lists] : [...lists, 'confirmed'];
}

/** The first tab with something in it, else the first tab. */
export function defaultTab(order: TabId[], counts: Record<TabId, number>): TabId {
  return order.find((tab) => counts[tab] > 0) ?? order[0] ?? 'transport';
}

type Compare = (a: Supporter, b: Supporter) => number;
const first =
  (test: (s: Supporter) => boolean): Compare =>
  (a, b) =>
    Number(test(b)) - Number(test(a));
/** Descending, null last. */
const desc =
  (value: (s: Supporter) => number | null): Compare =>
  (a, b) =>
    (value(b) ?? -Infinity) - (value(a) ?? -Infinity);

/**
 * Spec section 9, Supporter sorting: own entry, then the requests waiting for the member's
 * answer, then per list: drivers offering a carpool, rating, enough seats for the member's
 * group, seats (with transport); rating then group size, larger first (searching).
 */
export function sortSupporters(
  list: readonly Supporter[],
  kind: 'transport' | 'searching',
  { meId, groupSize }: { meId: number | null; groupSize: number },
): Supporter[] {
  const rules: Compare[] = [first((s) => s.id === meId), first(isPendingToMe)];
  if (kind === 'transport') {
    rules.push(
      first(isOfferingDriver),
      desc((s) => s.note_covoiturage),
      first((s) => (s.places_dispo ?? 0) >= groupSize),
      desc((s) => s.places_dispo),
    );
  } else {
    rules.push(
      desc((s) => s.note_covoiturage),
      desc((s) => s.nb_pers),
    );
  }
  return [...list].sort((a, b) => {
    for (const rule of rules) {
      const order = rule(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** The three lists beside the map and the numbers they show, from one reading of the data. */
export type SupporterLists = {
  withTransport: Supporter[];
  searching: Supporter[];
  /** Each tab's count is the number of rows it shows. */
  counts: Record<TabId, number>;
  /**
   * Supporters of the selected department that the tabs show, each once: the department's
   * rows plus the members of the member's carpool who leave from it. What the partial-list
   * note compares with the department's count on the map.
   */
  listed: number;
};

/**
 * Spec section 4, the lists of a department: the member's confirmed carpool (its own tab),
 * then the others with a transport and the others searching. A member of the carpool is
 * listed in it only, not a second time in 'Avec transport' or 'En recherche', so the tab
 * counts add up to the supporters shown (plus the drivers suggested from elsewhere).
 */
export function supporterLists(
  supporters: readonly Supporter[],
  confirmed: ConfirmedCarpool | null,
  suggestions: readonly Supporter[],
  department: string | null,
  ctx: { meId: number | null; groupSize: number },
): SupporterLists {
  const carpool = confirmed
    ? [
        { id: confirmed.vehicule.id, from: confirmed.vehicule.departement_depart_conducteur },
        ...confirmed.passagers.map((p) => ({ id: p.id, from: p.departement_depart })),
      ]
    : [];
  const inCarpool = new Set(carpool.map((m) => m.id));
  const rest = supporters.filter((s) => !inCarpool.has(s.id));
  const withTransport = sortSupporters(
    rest.filter((s) => s.transport !== null),
    'transport',
    ctx,
  );
  const searching = sortSupporters(
    rest.filter((s) => s.transport === null && s.nb_pers !== null),
    'searching',
    ctx,
  );
  const fromHere = department
    ? carpool.filter((m) => plainCode(m.from) === plainCode(department)).length
    : 0;
  return {
    withTransport,
    searching,
    counts: {
      confirmed: inCarpool.size,
      // Suggested drivers are drivers too: they make 'Avec transport' worth opening first.
      transport: withTransport.length + suggestions.length,
      searching: searching.length,
    },
    listed: withTransport.length + searching.length + fromHere,
  };
}

export type RowAction =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'answer' }
  | { kind: 'request' | 'propose'; enoughPlaces: boolean };

/**
 * What the member can do with a row (spec sections 4 and 6): answer a pending relation
 * addressed to them, wait for one they started, request a seat from a driver offering a
 * carpool (searchers without a confirmed carpool) or propose seats to a searcher (drivers).
 */
export function rowAction(s: Supporter, viewer: Viewer): RowAction {
  if (s.id === viewer.id) return { kind: 'none' };
  if (s.relation && isPendingCarpoolStatus(s.relation.statut)) {
    return { kind: s.relation.initiator ? 'pending' : 'answer' };
  }
  if (s.relation?.statut === CARPOOL_STATUS.CONFIRME) return { kind: 'none' };
  if (viewer.searching && !viewer.hasConfirmed && isOfferingDriver(s)) {
    return { kind: 'request', enoughPlaces: (s.places_dispo ?? 0) >= viewer.groupSize };
  }
  if (viewer.offering && s.transport === null && s.nb_pers !== null) {
    return { kind: 'propose', enoughPlaces: viewer.freePlaces >= s.nb_pers };
  }
  return { kind: 'none' };
}

/** French plurals (packages/shared): '1 place', '2 places'. */
export { plural };

/** 'En voiture', 'En bus - Antenne X', … or 'En recherche' for a searcher. */
export function transportLabel(s: Pick<Supporter, 'transport' | 'antenne'>): string {
  switch (s.transport) {
    case null:
      return TRANSPORT_LABELS.RECHERCHE;
    case 'BUS':
      return busLabel(s.antenne);
    default:
      return transportLabelOfCode(s.transport);
  }
}

/** Free seats of a driver offering a carpool, or the size of a searcher's group. */
export function capacityLabel(s: Supporter): string | null {
  if (isOfferingDriver(s)) return `${plural(s.places_dispo ?? 0, 'place')} dispo.`;
  if (s.transport === null && s.nb_pers !== null) return plural(s.nb_pers, 'personne');
  return null;
}

/** 'N/5', one decimal, French comma (4,8/5): the same formatter as the profile's. */
export const ratingLabel = formatRating;
