import { useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  OrganizedTrip,
  Registrant,
  RegistrantList,
  RegistrantPatch,
  TripInput,
} from '@munegu/shared';
import { TRIP_TEXTS } from '@munegu/shared';
import { errorMessage, isApiError, unwrap } from '../../../lib/api';
import { call, query } from '../../../lib/call';
import { toast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/download';
import { checkinQueue, pendingTicks, withPending } from './checkinQueue';
import { REGISTRANTS_PREFIX } from './deviceData';
import { tripKeys } from '../api';

/** The organisers' reads (issue 30): their trips, and each trip's boarding list. */
export const organiserKeys = {
  organisation: () => ['trips', 'organisation'] as const,
  registrants: (id: number) => ['trips', 'inscrits', id] as const,
};

/** GET /deplacements/organisation: my antennas and their trips, soonest first. */
export function useOrganization() {
  return useQuery({
    queryKey: organiserKeys.organisation(),
    queryFn: query('GET /deplacements/organisation'),
    retry: false,
  });
}

/**
 * The last boarding list loaded on this device, per trip: it is what check-in shows offline.
 * Forgotten at sign-out (deviceData.ts) and as soon as the API refuses the list.
 */
const listKey = (id: number) => `${REGISTRANTS_PREFIX}${id}`;

/** The API no longer shows this list to the caller (not an organiser now, or no such trip). */
export const listRefused = (error: unknown) =>
  isApiError(error) && (error.status === 403 || error.status === 404);

function storedList(id: number): RegistrantList | undefined {
  try {
    const raw = localStorage.getItem(listKey(id));
    return raw ? (JSON.parse(raw) as RegistrantList) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /deplacements/{id}/inscrits, starting from the copy kept on this device (marked old, so
 * it is fetched again as soon as there is a network) and kept there after every answer.
 */
export function useRegistrants(id: number) {
  const result = useQuery({
    queryKey: organiserKeys.registrants(id),
    queryFn: query('GET /deplacements/:id/inscrits', { params: { id } }),
    initialData: () => storedList(id),
    initialDataUpdatedAt: 0,
    retry: false,
  });
  const { data, error } = result;
  const refused = listRefused(error);
  useEffect(() => {
    // The copy may only outlive the network, never the right to read it.
    if (refused) localStorage.removeItem(listKey(id));
    else if (data) localStorage.setItem(listKey(id), JSON.stringify(data));
  }, [id, data, refused]);
  return result;
}

function storeRegistrant(qc: QueryClient, tripId: number, registrant: Registrant): void {
  qc.setQueryData<RegistrantList>(organiserKeys.registrants(tripId), (list) =>
    list
      ? {
          ...list,
          inscrits: list.inscrits.map((r) => (r.user_id === registrant.user_id ? registrant : r)),
        }
      : list,
  );
}

/**
 * The boarding list with the ticks still queued on top, and `tick` to make one. The queue is
 * sent when the page opens (a tick left from a visit without network) and each time the
 * browser says the network is back.
 */
export function useCheckin(tripId: number) {
  const qc = useQueryClient();
  const list = useRegistrants(tripId);
  const ticks = useSyncExternalStore(checkinQueue.subscribe, pendingTicks, pendingTicks);
  useEffect(() => {
    const off = checkinQueue.onEvent((event) => {
      if (event.kind === 'stored') storeRegistrant(qc, event.tripId, event.registrant);
      else toast.error(errorMessage(event.error, 'Pointage refusé par le serveur.'));
    });
    const flush = () => void checkinQueue.flush();
    window.addEventListener('online', flush);
    flush();
    return () => {
      off();
      window.removeEventListener('online', flush);
    };
  }, [qc]);
  const registrants = list.data ? withPending(tripId, list.data.inscrits, ticks) : [];
  return {
    list,
    registrants,
    /** Ticks of this trip not stored yet. */
    waiting: ticks.filter((t) => t.tripId === tripId).length,
    tick: (userId: number, patch: RegistrantPatch) =>
      void checkinQueue.push({ tripId, userId, patch }),
  };
}

/**
 * The organiser's list and the match's coach cards (home, presence form) that a trip's write
 * changes; the boarding lists under 'trips' keep their own reads.
 */
function tripWritten(qc: QueryClient, matchId: number): void {
  void qc.invalidateQueries({ queryKey: organiserKeys.organisation() });
  void qc.invalidateQueries({ queryKey: tripKeys.match(matchId) });
}

/** A trip created (id null) or changed; the organiser's list is fetched again. */
export function useSaveTrip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: TripInput }) =>
      unwrap(
        id === null
          ? await call('POST /deplacements', { body })
          : await call('PUT /deplacements/:id', { params: { id }, body }),
      ),
    onSuccess: (_trip, { id, body }) => {
      toast.success(id === null ? TRIP_TEXTS.created : TRIP_TEXTS.updated);
      tripWritten(qc, body.match_id);
      if (id !== null) void qc.invalidateQueries({ queryKey: organiserKeys.registrants(id) });
    },
  });
}

/** DELETE /deplacements/{id}: the trip is cancelled, its registrants told by the server. */
export function useCancelTrip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: Pick<OrganizedTrip, 'id' | 'match_id'>) =>
      unwrap(await call('DELETE /deplacements/:id', { params: { id } })),
    onSuccess: (answer, trip) => {
      toast.success(answer.message || TRIP_TEXTS.cancelled);
      tripWritten(qc, trip.match_id);
    },
    onError: (error) => void toast.error(errorMessage(error, 'Une erreur est survenue. Réessaie.')),
  });
}

/** fetch() hands the text over without its BOM; French Excel needs it to read UTF-8. */
const BOM = '\uFEFF';

/**
 * GET /deplacements/{id}/inscrits.csv through the API client (a plain link would not carry the
 * Bearer token), saved from a Blob link.
 */
export async function downloadRegistrantsCsv(id: number, fileName: string): Promise<void> {
  const text = unwrap(await call('GET /deplacements/:id/inscrits.csv', { params: { id } }));
  const csv = typeof text === 'string' ? text : '';
  const bytes = csv.startsWith(BOM) ? csv : BOM + csv;
  saveBlob(new Blob([bytes], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * POST /deplacements/{id}/annonces: the organisers' word to everyone on the coach, posted in
 * the trip's thread and sent to each registrant's bell.
 */
export function useAnnounce(tripId: number) {
  return useMutation({
    mutationFn: async (content: string) =>
      unwrap(
        await call('POST /deplacements/:id/annonces', {
          params: { id: tripId },
          body: { content },
        }),
      ),
  });
}
