import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { LIMITS, TEXTS } from '@munegu/shared';
import { useDeleteNotification } from '../carpool';
import { isApiError } from '../../lib/api';

const withId = (set: ReadonlySet<number>, id: number) => new Set(set).add(id);
const withoutId = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  next.delete(id);
  return next;
};

/**
 * Removal of a bell notification (spec section 4): it fades out for 300 ms, then
 * POST /user-notification/delete; on success it stays gone (the list refetch confirms it), as
 * when the server no longer has it (404); on failure it comes back with 'Échec de la suppression'.
 */
export function useNotificationRemoval() {
  const del = useDeleteNotification();
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set());
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const { mutateAsync } = del;
  const remove = useCallback(
    (id: number) => {
      setLeaving((set) => withId(set, id));
      const timer = window.setTimeout(async () => {
        timers.current.delete(timer);
        // mutateAsync (not mutate): every removal settles, even when several overlap.
        try {
          await mutateAsync(id);
          setGone((set) => withId(set, id));
        } catch (error) {
          // Already gone on the server (settled from another tab): gone here too.
          if (isApiError(error) && error.status === 404) setGone((set) => withId(set, id));
          else toast.error(TEXTS.listings.deleteFailed);
        } finally {
          setLeaving((set) => withoutId(set, id));
        }
      }, LIMITS.notificationRemoveAnimationMs);
      timers.current.add(timer);
    },
    [mutateAsync],
  );

  /** Hides one the server has already settled (an answered proposal or request): no request. */
  const forget = useCallback((id: number) => setGone((set) => withId(set, id)), []);

  return { leaving, gone, remove, forget };
}
