import { TRIP_TEXTS as T, type Organizers } from '@munegu/shared';
import { writeAudit, type Actor } from '../../db/audit.js';
import type { RunInTransaction } from '../../db/tx.js';
import type { EventEmitter } from '../../events/domain-events.js';
import { AppError } from '../../lib/errors.js';
import type { TripsRepository } from './trips.repository.js';

export interface OrganizersDeps {
  repo: TripsRepository;
  transaction: RunInTransaction;
  events: EventEmitter;
}

const unknownAntenna = () => new AppError('NOT_FOUND', T.unknownAntenna);

/** An antenna's organisers, named by an ADMIN (the route is ADMIN only). */
export function organizersService({ repo, transaction, events }: OrganizersDeps) {
  const shape = (antennaId: number, rows: { user: { id: number; username: string } }[]) => ({
    antenne_id: antennaId,
    organisateurs: rows.map(({ user }) => ({ id: user.id, username: user.username })),
  });

  return {
    async list(antennaId: number): Promise<Organizers> {
      if (!(await repo.antenna(antennaId))) throw unknownAntenna();
      return shape(antennaId, await repo.organizers(antennaId));
    },

    /**
     * Replaces the set. Every id must be a member whose account is not deleted (400
     * otherwise, nothing changed); the audit row names who came in and who left.
     */
    async replace(antennaId: number, userIds: number[], actor: Actor): Promise<Organizers> {
      const wanted = [...new Set(userIds)];
      return transaction(async (tx) => {
        const antenna = await repo.lockAntenna(tx, antennaId);
        if (!antenna) throw unknownAntenna();
        const members = await repo.liveMembers(wanted, tx);
        if (members.length !== wanted.length) throw new AppError('VALIDATION', T.unknownMember);
        const current = await repo.organizers(antennaId, tx);
        const before = new Set(current.map((row) => row.user.id));
        const added = wanted.filter((id) => !before.has(id));
        const removed = [...before].filter((id) => !wanted.includes(id));
        await repo.replaceOrganizers(tx, antennaId, added, removed);
        const pseudo = new Map(
          [...members, ...current.map((row) => row.user)].map((u) => [u.id, u.username]),
        );
        await writeAudit(
          tx,
          actor,
          'antenna.organizers',
          { type: 'antenna', id: antennaId, label: antenna.nom },
          {
            ajoutes: added.map((id) => pseudo.get(id) ?? String(id)),
            retires: removed.map((id) => pseudo.get(id) ?? String(id)),
          },
        );
        await events.emit('tripOrganizersChanged', { tx, antennaId, added, removed });
        return shape(antennaId, await repo.organizers(antennaId, tx));
      });
    },
  };
}
export type OrganizersService = ReturnType<typeof organizersService>;
