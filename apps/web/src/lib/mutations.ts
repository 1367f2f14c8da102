import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api';

/**
 * A write whose success makes the cached data under `refresh` stale (it is fetched again). So
 * does a 404: what the write aimed at is gone (deleted in another tab, by another editor), and
 * the page should stop showing it rather than offer the same failing button again.
 */
export function useRefreshingMutation<A, R>(write: (args: A) => Promise<R>, refresh: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Returned, so the write stays pending until the fresh data is shown: its own callbacks
    // (closing a dialog, a toast) then run on the page as it now is, a deleted card gone.
    onSuccess: () => qc.invalidateQueries({ queryKey: refresh }),
    onError: (error) => {
      if (isApiError(error) && error.status === 404)
        void qc.invalidateQueries({ queryKey: refresh });
    },
  });
}
