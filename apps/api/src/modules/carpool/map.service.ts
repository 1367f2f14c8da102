import {
  CARPOOL_TEXTS as M,
  CARPOOL_STATUS as S,
  type AvailableDepartments,
  type ConfirmedCarpool,
  type Supporter,
} from '@munegu/shared';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { CarpoolRepository } from './carpool.repository.js';
import { rankSuggestions, type DetourRule } from './geo/detour.js';
import type { MapRepository, SupporterRow } from './map.repository.js';
import { transportCode } from './presence.mapper.js';

/** Below this many supporters a department shows '<3', never the exact count. */
export const MIN_SHOWN_COUNT = 3;
const SUGGESTIONS = 5;

export function shownCount(n: number): string {
  return n < MIN_SHOWN_COUNT ? `<${MIN_SHOWN_COUNT}` : String(n);
}

const noteOf = (u: { carpoolRating: { toNumber(): number } | null }) =>
  u.carpoolRating ? u.carpoolRating.toNumber() : null;
const who = (u: {
  id: number;
  username: string;
  avatarFile: string | null;
  avatarVersion: number;
  carpoolRating: { toNumber(): number } | null;
}) => ({
  id: u.id,
  username: u.username,
  profile_picture: avatarUrl(u.avatarFile, u.avatarVersion),
  note_covoiturage: noteOf(u),
});

/** Spec section 3, Supporter in department list, from one SQL row. */
export function toSupporter(row: SupporterRow): Supporter {
  return {
    id: row.id,
    username: row.username,
    profile_picture: avatarUrl(row.avatar_file, row.avatar_version),
    note_covoiturage: row.note_covoiturage,
    transport: row.transport_code
      ? transportCode({ code: row.transport_code, label: row.transport_label ?? '' })
      : null,
    covoiturage: row.covoiturage,
    places_dispo: row.places_dispo,
    nb_pers: row.nb_pers,
    antenne: row.antenne,
    departement_depart: row.departement_depart,
    relation:
      row.rel_id === null
        ? null
        : {
            id: row.rel_id,
            statut: row.rel_statut!,
            initiator: row.rel_initiator!,
            nbPers: row.rel_nb_pers!,
            description: row.rel_description,
          },
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
  /** Members listed per kind (presences, searches) for one department, besides the caller's own. */
  listCap: number;
  clock: Clock;
}) {
  const { repo, carpool } = deps;

  /** The map opens to members who answered for the match (spec section 4). */
  async function ensureOpen(me: number, matchId: number) {
    const access = await repo.access(matchId, me);
    if (!access) throw new AppError('NOT_FOUND', M.unknownMatch);
    if (!access.answered) throw new AppError('FORBIDDEN', M.mapClosed);
    return access;
  }

  return {
    async departments(me: number, matchId: number): Promise<AvailableDepartments> {
      // The counts do not depend on the access check: both queries run at once.
      const [{ stadium, mine, localOffer }, counts] = await Promise.all([
        ensureOpen(me, matchId),
        repo.countsByDepartment(matchId),
      ]);
      const departements = counts.map((c) => ({
        code: c.code,
        nom: c.nom,
        supporters: shownCount(c.n),
      }));
      if (!mine || localOffer) {
        return { departements, suggestions: [] };
      }
      const others = (await repo.driversOutside(matchId, mine, me)).map(toSupporter);
      const ranked = rankSuggestions(others, mine, stadium, deps.detourRule);
      return { departements, suggestions: ranked.slice(0, SUGGESTIONS) };
    },

    /** Spec section 7: `{ [code]: Supporter[] }` for one department (the caller's by default). */
    async supporters(me: number, matchId: number, departement?: string) {
      if (departement) {
        // One statement in the usual case: the list query applies the access rule itself,
        // and only an empty answer needs the check that tells why (unknown match, closed map).
        const rows = await repo.supportersIn(matchId, departement, me, deps.listCap);
        if (rows.length === 0) await ensureOpen(me, matchId);
        return { [departement]: rows.map(toSupporter) };
      }
      const { mine } = await ensureOpen(me, matchId);
      if (!mine) return {};
      return {
        [mine]: (await repo.supportersIn(matchId, mine, me, deps.listCap)).map(toSupporter),
      };
    },

    /** Spec section 3, Confirmed carpool: the caller's, as driver or passenger. */
    async confirmed(me: number, matchId: number): Promise<ConfirmedCarpool | null> {
      const asPassenger = await carpool.confirmedAsPassenger(me, matchId);
      const driverId = asPassenger ? asPassenger.driverId : me;
      const passengers = await carpool.confirmedOfDriver(driverId, matchId);
      if (passengers.length === 0) return null;
      const [driver, presence, match, thread] = await Promise.all([
        carpool.member(driverId),
        carpool.presence(driverId, matchId),
        carpool.match(matchId),
        carpool.carThread(me, driverId, matchId),
      ]);
      if (!driver || !match) return null;
      // A played match's carpool is history: nothing changes once the match has kicked off.
      const kickedOff =
        match.finishedAt !== null || match.kickoffAt.getTime() <= deps.clock.now().getTime();
      return {
        relationId: asPassenger?.id ?? passengers[0]!.id,
        matchId,
        vehicule: {
          ...who(driver),
          places_dispo: presence?.freeSeats ?? 0,
          departement_depart_conducteur: presence?.departureDepartment ?? '',
        },
        passagers: passengers.map((r) => ({
          ...who(r.passenger),
          nbPers: r.groupSize,
          departement_depart: r.departureDepartment,
          relationId: r.id,
        })),
        isModifiable: !kickedOff,
        isFinished: match.finishedAt !== null,
        isDriver: driverId === me,
        groupe_id: thread,
      };
    },

    isConfirmed: async (me: number, matchId: number) => ({
      confirmed: (await carpool.relationsOf(me, matchId, [S.CONFIRME])).length > 0,
    }),
  };
}

export type MapService = ReturnType<typeof mapService>;
