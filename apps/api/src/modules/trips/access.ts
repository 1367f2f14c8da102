import { hasRole, TRIP_TEXTS as T, type Role } from '@munegu/shared';
import { AppError } from '../../lib/errors.js';
import type { TripsRepository } from './trips.repository.js';

export interface TripCaller {
  id: number;
  role: Role;
}

/**
 * Who manages an antenna's trips: its organisers (named by an ADMIN) and every MODERATEUR or
 * ADMIN. One place, so every organiser route asks the same question.
 */
export function tripAccess(repo: Pick<TripsRepository, 'isOrganizer'>) {
  const mayManage = async (caller: TripCaller, antennaId: number) =>
    hasRole(caller.role, 'MODERATEUR') || (await repo.isOrganizer(caller.id, antennaId));
  return {
    mayManage,
    async assertManager(caller: TripCaller, antennaId: number): Promise<void> {
      if (!(await mayManage(caller, antennaId))) throw new AppError('FORBIDDEN', T.notOrganizer);
    },
  };
}
export type TripAccess = ReturnType<typeof tripAccess>;
