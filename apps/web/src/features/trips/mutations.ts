import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RegistrationResult, Trip } from '@munegu/shared';
import { isApiError, unwrap } from '../../lib/api';
import { call, type BodyOf } from '../../lib/call';
import { carpoolKeys } from '../carpool';
import { groupKeys } from '../messages';
import { tripKeys } from './api';

/**
 * A registration changes more than the trip: a confirmed seat makes the member's presence
 * 'bus — {antenne}' and leaving it withdraws that presence (the API's carpool listener), so the
 * match's carpool views (the match block's button, the presence form, the map's counts) are
 * read again with every trip of the family (the organisers' lists included). A confirmed seat
 * also opens the coach's group thread and leaving closes it: the member's list of threads is
 * read again too, or « Fil du car » would find a list read before and no such group.
 */
async function afterRegistrationWrite(qc: QueryClient, matchId: number) {
  void qc.invalidateQueries({ queryKey: carpoolKeys.match(matchId) });
  void qc.invalidateQueries({ queryKey: groupKeys.list() });
  await qc.invalidateQueries({ queryKey: tripKeys.all });
}

/** The member's own line on a trip, as the answer of the write says, until the list is read again. */
function patchTrip(qc: QueryClient, matchId: number, tripId: number, patch: Partial<Trip>) {
  qc.setQueryData<Trip[]>(tripKeys.match(matchId), (trips) =>
    trips?.map((trip) => (trip.id === tripId ? { ...trip, ...patch } : trip)),
  );
}

type RegisterArgs = {
  trip: Pick<Trip, 'id' | 'match_id'>;
  body: BodyOf<'POST /deplacements/:id/inscriptions'>;
};

/** POST /deplacements/{id}/inscriptions: confirmed while seats remain, else on the waiting list. */
export function useRegisterTrip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ trip, body }: RegisterArgs): Promise<RegistrationResult> =>
      unwrap(await call('POST /deplacements/:id/inscriptions', { params: { id: trip.id }, body })),
    onSuccess: async (result, { trip }) => {
      const { statut, nb_places, position_attente, places_restantes } = result;
      patchTrip(qc, trip.match_id, trip.id, {
        places_restantes,
        inscription: { statut, nb_places, position_attente },
      });
      await afterRegistrationWrite(qc, trip.match_id);
    },
    // A conflict means the coach moved since the page read it (closed, cancelled, seats
    // taken): a member not registered gets no socket event, so the card is read again here.
    onError: (error, { trip }) => {
      if (isApiError(error) && error.status === 409)
        void qc.invalidateQueries({ queryKey: tripKeys.match(trip.match_id) });
    },
  });
}

/** A registration refused for its phone: the field's error (anything else is the form's). */
export function phoneErrorOf(error: unknown): string | undefined {
  return isApiError(error) ? error.errors.find((e) => e.path === 'telephone')?.message : undefined;
}

/** DELETE /deplacements/{id}/inscriptions/me: the seats go to the waiting list, in order. */
export function useUnregisterTrip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (trip: Pick<Trip, 'id' | 'match_id'>) =>
      unwrap(await call('DELETE /deplacements/:id/inscriptions/me', { params: { id: trip.id } })),
    onSuccess: async (_result, trip) => {
      patchTrip(qc, trip.match_id, trip.id, { inscription: null });
      await afterRegistrationWrite(qc, trip.match_id);
    },
  });
}
