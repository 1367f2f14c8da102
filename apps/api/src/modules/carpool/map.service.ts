import {
  CARPOOL_MESSAGES as M,
  CARPOOL_STATUS as S,
  type AvailableDepartments,
  type ConfirmedCarpool,
  type Supporter,
} from '@munegu/shared';
import { avatarUrl } from '../../lib/avatar-url.js';
import { AppError } from '../../lib/errors.js';
import { ACTIVE, type CarpoolRepository } from './carpool.repository.js';
import { rankSuggestions, type DetourRule } from './geo/detour.js';
import type { MapRepository } from './map.repository.js';
import { existingMatch } from './match-window.js';
import { transportCode } from './presence.service.js';

/** Below this many supporters a department shows '<3', never the exact count. */
export const MIN_SHOWN_COUNT = 3;
const SUGGESTIONS = 5;

export function shownCount(n: number): string {
  return n < MIN_SHOWN_COUNT ? `<${MIN_SHOWN_COUNT}` : String(n);
}

type UserRow = {
  id: number;
  pseudo: string;
  avatarFile: string | null;
  avatarVersion: number;
  noteCovoiturage: { toNumber(): number } | null;
};
type PresenceRow = {
  covoiturage: boolean;
  placesDispo: number;
  departementDepart: string;
  transportType: { code: string };
  antenna: { nom: string } | null;
  user: UserRow;
};

const noteOf = (u: UserRow) => (u.noteCovoiturage ? u.noteCovoiturage.toNumber() : null);
const who = (u: UserRow) => ({
  id: u.id,
  username: u.pseudo,
  profile_picture: avatarUrl(u.avatarFile, u.avatarVersion),
  note_covoiturage: noteOf(u),
});

function fromPresence(p: PresenceRow): Omit<Supporter, 'relation'> {
  return {
    ...who(p.user),
    transport: transportCode(p.transportType.code),
    covoiturage: p.covoiturage,
    places_dispo: p.covoiturage ? p.placesDispo : null,
    nb_pers: null,
    antenne: p.antenna?.nom ?? null,
    departement_depart: p.departementDepart,
  };
}

/**
 * The MuneguMap (spec section 4): open to members who answered for the match; department
 * counts, one department's supporters with the caller's relation to each, and drivers from
 * elsewhere whose detour through the caller's department is small.
 */
export function mapService(deps: {
  repo: MapRepository;
  carpool: CarpoolRepository;
  detourRule: DetourRule;
}) {
  const { repo, carpool } = deps;

  async function ensureOpen(me: number, matchId: number) {
    const match = await existingMatch(carpool, matchId);
    if (!(await repo.hasAnything(me, matchId))) throw new AppError('FORBIDDEN', M.mapClosed);
    return match;
  }

  async function myDepartment(me: number, matchId: number): Promise<string | null> {
    const [presence, search] = await Promise.all([
      carpool.presence(me, matchId),
      carpool.search(me, matchId),
    ]);
    return presence?.departementDepart ?? search?.departementDepart ?? null;
  }

  async function withRelations(me: number, matchId: number, rows: Omit<Supporter, 'relation'>[]) {
    const relations = await carpool.relationsOf(me, matchId, ACTIVE);
    const byOther = new Map(relations.map((r) => [r.user1Id === me ? r.user2Id : r.user1Id, r]));
    return rows.map((row): Supporter => {
      const r = byOther.get(row.id);
      return {
        ...row,
        relation: r
          ? {
              id: r.id,
              statut: r.statusId,
              initiator: r.user1Id === me,
              nbPers: r.nbPers,
              description: r.description,
            }
          : null,
      };
    });
  }

  return {
    async departments(me: number, matchId: number): Promise<AvailableDepartments> {
      const match = await ensureOpen(me, matchId);
      const counts = await repo.countsByDepartment(matchId);
      const departements = counts.map((c) => ({
        code: c.code,
        nom: c.nom,
        supporters: shownCount(c.n),
      }));
      const mine = await myDepartment(me, matchId);
      if (!mine) return { departements, suggestions: [] };
      const local = await repo.presencesIn(matchId, mine);
      const localOffer = local.some((p) => p.covoiturage && p.placesDispo > 0 && p.user.id !== me);
      if (localOffer) return { departements, suggestions: [] };
      const others = (await repo.driversOutside(matchId, mine, me)).map(fromPresence);
      const ranked = rankSuggestions(others, mine, match.homeClub.departement, deps.detourRule);
      return {
        departements,
        suggestions: await withRelations(me, matchId, ranked.slice(0, SUGGESTIONS)),
      };
    },

    /** Spec section 7: `{ [code]: Supporter[] }` for one department (the caller's by default). */
    async supporters(me: number, matchId: number, departement?: string) {
      await ensureOpen(me, matchId);
      const code = departement ?? (await myDepartment(me, matchId));
      if (!code) return {};
      const [presences, searches] = await Promise.all([
        repo.presencesIn(matchId, code),
        repo.searchesIn(matchId, code),
      ]);
      // Searchers who already ride with someone are in that carpool, not in the list.
      const riding = await carpool.confirmedPassengers(
        matchId,
        searches.map((s) => s.user.id),
      );
      const rows = [
        ...presences.map(fromPresence),
        ...searches
          .filter((s) => !riding.has(s.user.id))
          .map((s) => ({
            ...who(s.user),
            transport: null,
            covoiturage: false,
            places_dispo: null,
            nb_pers: s.nbPers,
            antenne: null,
            departement_depart: s.departementDepart,
          })),
      ];
      return { [code]: await withRelations(me, matchId, rows) };
    },

    /** Spec section 3, Confirmed carpool: the caller's, as driver or passenger. */
    async confirmed(me: number, matchId: number): Promise<ConfirmedCarpool | null> {
      const asPassenger = await carpool.confirmedAsPassenger(me, matchId);
      const driverId = asPassenger ? asPassenger.driverId : me;
      const passengers = await carpool.confirmedOfDriver(driverId, matchId);
      if (passengers.length === 0) return null;
      const [driver, presence] = await Promise.all([
        carpool.member(driverId),
        carpool.presence(driverId, matchId),
      ]);
      if (!driver) return null;
      return {
        relationId: asPassenger?.id ?? passengers[0]!.id,
        matchId,
        vehicule: {
          ...who(driver),
          places_dispo: presence?.placesDispo ?? 0,
          departement_depart_conducteur: presence?.departementDepart ?? '',
        },
        passagers: passengers.map((r) => ({
          ...who(r.passenger),
          nbPers: r.nbPers,
          departement_depart: r.departementDepart,
          relationId: r.id,
        })),
        isModifiable: true,
        isDriver: driverId === me,
      };
    },

    isConfirmed: async (me: number, matchId: number) => ({
      confirmed: (await carpool.relationsOf(me, matchId, [S.CONFIRME])).length > 0,
    }),
  };
}

export type MapService = ReturnType<typeof mapService>;
