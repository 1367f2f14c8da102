import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { call, type BodyOf } from '../../lib/call';
import { carpoolKeys, notificationKeys } from './api';

/**
 * Every write about going to a match. A success makes the whole match's cache stale (infos,
 * lists, confirmed carpool) and the bell, since most writes notify someone or answer a
 * notification.
 */
function useMatchWrite<A, R>(write: (args: A) => Promise<R>, matchOf: (args: A) => number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (_result, args) => {
      void qc.invalidateQueries({ queryKey: carpoolKeys.match(matchOf(args)) });
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
      void qc.invalidateQueries({ queryKey: [...carpoolKeys.all, 'stadium'] });
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

export const useRateCarpool = (matchId: number) =>
  useMatchWrite(
    async (body: BodyOf<'POST /user-notation-covoiturage/bulk'>) =>
      unwrap(await call('POST /user-notation-covoiturage/bulk', { body })),
    () => matchId,
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
