import {
  MINI_LEAGUE_MAX_PER_USER,
  MINI_LEAGUE_TEXTS,
  type MiniLeagueDetail,
  type MiniLeagueSummary,
} from '@munegu/shared';
import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { MiniLeaguesRepository } from './mini-leagues.repository.js';

/** Invite code alphabet without look-alikes (0/O, 1/I/L), upper case. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Competition ranking (1, 2, 2, 4) of rows already sorted by points descending. */
export function competitionRanks(points: number[]): number[] {
  const ranks: number[] = [];
  points.forEach((p, i) => ranks.push(i > 0 && points[i - 1] === p ? ranks[i - 1]! : i + 1));
  return ranks;
}

export function miniLeaguesService({ repo }: { repo: MiniLeaguesRepository }) {
  const summary = (
    l: { id: number; name: string; inviteCode: string; ownerId: number },
    count: number,
  ): MiniLeagueSummary => ({
    id: l.id,
    name: l.name,
    invite_code: l.inviteCode,
    owner_id: l.ownerId,
    members_count: count,
  });

  async function assertRoom(userId: number) {
    if ((await repo.membershipCount(userId)) >= MINI_LEAGUE_MAX_PER_USER)
      throw new AppError('CONFLICT', MINI_LEAGUE_TEXTS.tooMany);
  }

  return {
    async create(userId: number, name: string): Promise<MiniLeagueSummary> {
      await assertRoom(userId);
      let code = newCode();
      while (await repo.codeTaken(code)) code = newCode();
      return summary(await repo.create(userId, name, code), 1);
    },

    async join(userId: number, code: string): Promise<MiniLeagueSummary> {
      const league = await repo.byCode(code.toUpperCase());
      if (!league) throw notFound(MINI_LEAGUE_TEXTS.code);
      if (await repo.isMember(league.id, userId))
        throw new AppError('CONFLICT', MINI_LEAGUE_TEXTS.alreadyMember);
      await assertRoom(userId);
      try {
        await repo.join(league.id, userId);
      } catch (err) {
        // A second join of the same member (a double tap) passed the check above too.
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', MINI_LEAGUE_TEXTS.alreadyMember);
        throw err;
      }
      return summary(league, await repo.memberCount(league.id));
    },

    async mine(userId: number): Promise<MiniLeagueSummary[]> {
      return (await repo.mine(userId)).map((l) => summary(l, l._count.members));
    },

    /** Members only: others get the same 404 as a missing league, so ids cannot be probed. */
    async detail(userId: number, leagueId: number): Promise<MiniLeagueDetail> {
      const league = await repo.withMembers(leagueId);
      if (!league || !league.members.some((m) => m.userId === userId))
        throw notFound(MINI_LEAGUE_TEXTS.notFound);
      const users = league.members
        .map((m) => m.user)
        .sort(
          (a, b) =>
            b.predictionPoints - a.predictionPoints || a.usernameKey.localeCompare(b.usernameKey),
        );
      const ranks = competitionRanks(users.map((u) => u.predictionPoints));
      return {
        ...summary(league, users.length),
        members: users.map((u, i) => ({
          id: u.id,
          username: u.username,
          profile_picture: avatarUrl(u.avatarFile, u.avatarVersion),
          pts_prono: u.predictionPoints,
          rank: ranks[i]!,
          classement_prono: u.predictionRank,
        })),
      };
    },

    /** Leaving; the last member leaving (deleted accounts aside) deletes the league. */
    async leave(userId: number, leagueId: number): Promise<{ message: string }> {
      if (!(await repo.isMember(leagueId, userId))) throw notFound(MINI_LEAGUE_TEXTS.notFound);
      await repo.leave(leagueId, userId);
      // The last two leaving at once may both see none left: deleting is idempotent.
      if ((await repo.memberCount(leagueId)) === 0) await repo.deleteLeague(leagueId);
      return { message: MINI_LEAGUE_TEXTS.left };
    },
  };
}

export type MiniLeaguesService = ReturnType<typeof miniLeaguesService>;
