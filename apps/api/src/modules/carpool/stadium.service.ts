import { isIdText, MONACO_CLUB_ID, type MyCarpools, type StadiumMatch } from '@munegu/shared';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { StadiumRepository } from './stadium.repository.js';
import { transportCode } from './presence.mapper.js';

type Person = { username: string; avatarFile: string | null; avatarVersion: number };
const personRef = (p: Person) => ({
  username: p.username,
  avatar: avatarUrl(p.avatarFile, p.avatarVersion),
});

/**
 * 'Mes matchs au stade' and past carpools (spec section 2, Profile page): the finished
 * matches of the season a member went to, with how they travelled; public like the profile.
 */
export function stadiumService(deps: {
  repo: StadiumRepository;
  clock: Clock;
  currentSeason: (now: Date) => Promise<string | null>;
}) {
  const { repo } = deps;
  return {
    async of(publicId: string | number): Promise<MyCarpools> {
      const key = String(publicId).trim();
      const user = await repo.publicUser(
        isIdText(key) ? { id: Number(key) } : { usernameKey: key.toLowerCase() },
      );
      if (!user) throw new AppError('NOT_FOUND', 'Utilisateur introuvable');
      const record = await repo.record(user.id);
      const trajets = { honores: record.total - record.late, total: record.total };
      const season = await deps.currentSeason(deps.clock.now());
      if (!season) return { matchs: [], trajets };
      const [presences, carpools] = await Promise.all([
        repo.finishedPresences(user.id, season),
        repo.finishedCarpools(user.id, season),
      ]);
      const driverOf = new Map(carpools.map((c) => [c.matchId, c.driverId]));
      const presenceOf = new Map(presences.map((p) => [p.matchId, p]));
      // A search that found no carpool is not a trip to the stadium.
      const ids = [
        ...new Set([...presences.map((p) => p.matchId), ...carpools.map((c) => c.matchId)]),
      ];
      const matches = await repo.matches(ids);
      const crews = new Map<number, Awaited<ReturnType<StadiumRepository['carpoolCrew']>>>();
      for (const [matchId, driverId] of driverOf) {
        crews.set(matchId, await repo.carpoolCrew(driverId, [matchId]));
      }
      const matchs = matches.map((m): StadiumMatch => {
        const domicile = m.homeClubId === MONACO_CLUB_ID;
        const adverse = domicile ? m.awayClub : m.homeClub;
        const crew = crews.get(m.id);
        const presence = presenceOf.get(m.id);
        const scored = m.homeGoals !== null && m.awayGoals !== null;
        return {
          match_id: m.id,
          date: m.kickoffAt.toISOString(),
          domicile,
          score: scored ? `${m.homeGoals}-${m.awayGoals}` : null,
          match: {
            club_adverse: { nom: adverse.name, logo: adverse.logo },
            score_reel: scored ? { buts_dom: m.homeGoals!, buts_ext: m.awayGoals! } : null,
          },
          transport: crew?.length
            ? {
                libelle_transport: 'COVOITURAGE',
                libelle_antenne: null,
                conducteur: personRef(crew[0]!.driver),
                passagers: crew.map((c) => personRef(c.passenger)),
              }
            : {
                libelle_transport: (presence && transportCode(presence.transportType)) ?? 'VOITURE',
                libelle_antenne: presence?.antenna?.name ?? null,
                conducteur: null,
                passagers: [],
              },
        };
      });
      return { matchs, trajets };
    },
  };
}

export type StadiumService = ReturnType<typeof stadiumService>;
