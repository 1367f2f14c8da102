import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { call, type BodyOf } from '../../lib/call';
import { groupKeys } from '../messages';
import { profileKeys } from '../profiles';
import { carpoolKeys, notificationKeys } from './api';

/**
 * Every write about going to a match. A success makes the whole match's cache stale (infos,
 * lists, counts, confirmed carpool), the bell (most writes notify someone or answer a
 * notification), the stadium history, the group threads and, with `alsoStale`, other keys
 * the write changes.
 *
 * The match's own views are fetched again before the mutation counts as done: the caller's
 * `onSuccess` (a toast, closing the reason popup) runs once every open view of the match —
 * the members popup's free seats, the map's rows and tab counts — shows the new state, never
 * the one before the write.
 */
function useMatchWrite<A, R>(
  write: (args: A) => Promise<R>,
  matchOf: (args: A) => number,
  alsoStale: readonly (readonly unknown[])[] = [],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (_result, args) => {
      void qc.invalidateQueries({ queryKey: notificationKeys.mine() });
      // A popup still open on a notification the write settled keeps what it read: the server
      // no longer has it (its read again answered 404). The next opening reads afresh.
      void qc.invalidateQueries({ queryKey: notificationKeys.details(), refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: carpoolKeys.stadiumAll() });
      // Confirming, cancelling or excluding opens or closes the car's group thread; the live
      // event about it goes to the other member only, so the writer's list is read again here.
      void qc.invalidateQueries({ queryKey: groupKeys.list() });
      for (const queryKey of alsoStale) void qc.invalidateQueries({ queryKey });
      await qc.invalidateQueries({ queryKey: carpoolKeys.match(matchOf(args)) });
    },
  });
}

export const useSavePresence = () =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-transport'>) =>
      unwrap(await call('POST /user-transport', { body })),
    (body) => Number(body.match_id),
  );

export const useSaveSearch = () =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-recherche'>) =>
      unwrap(await call('POST /user-recherche', { body })),
    (body) => Number(body.match_id),
  );

export const useDeletePresence = () =>
  useMatchWrite(
    async (matchId: number) =>
      unwrap(await call('DELETE /users/delete-presence-match', { query: { match_id: matchId } })),
    (matchId) => matchId,
  );

export const useUpdatePlaces = () =>
  useMatchWrite(
    async (body: { match_id: number; places_dispo: number }) =>
      unwrap(await call('POST /user-transport/modifier-places-dispo', { body })),
    (body) => body.match_id,
  );

/** A request (statut 2, to a driver) or a proposal (statut 1, to a searcher). */
export const useSendRelation = () =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-to-user-match'>) =>
      unwrap(await call('POST /user-to-user-match', { body })),
    (body) => Number(body.match_id),
  );

export type Answer = 'accept' | 'refuse';
export const useAnswerRelation = () =>
  useMatchWrite(
    async ({
      answer,
      body,
    }: {
      answer: Answer;
      body: BodyOf<'POST /user-to-user-match/confirm-covoiturage'>;
    }) =>
      unwrap(
        await call(
          answer === 'accept'
            ? 'POST /user-to-user-match/confirm-covoiturage'
            : 'POST /user-to-user-match/refus-covoiturage',
          { body },
        ),
      ),
    ({ body }) => Number(body.match_id),
  );

export const useCancelCarpool = () =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-to-user-match/annuler-covoiturage'>) =>
      unwrap(await call('POST /user-to-user-match/annuler-covoiturage', { body })),
    (body) => Number(body.matchId),
  );

export const useExcludePassenger = () =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-to-user-match/exclure-covoiturage'>) =>
      unwrap(await call('POST /user-to-user-match/exclure-covoiturage', { body })),
    (body) => Number(body.matchId),
  );

/** A rating changes the rated members' averages, shown on their profiles too. */
export const useRateCarpool = (matchId: number) =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-notation-covoiturage/bulk'>) =>
      unwrap(await call('POST /user-notation-covoiturage/bulk', { body })),
    () => matchId,
    [profileKeys.all],
  );

/** Deleting (or acting on) a notification removes it from the bell's list. */
export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (notifId: number) =>
      unwrap(await call('POST /user-notification/delete', { body: { notifId } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationKeys.mine() }),
  });
}
