import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A write whose success makes the cached data under `refresh` stale (it is fetched again). */
export function useRefreshingMutation<A, R>(write: (args: A) => Promise<R>, refresh: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void qc.invalidateQueries({ queryKey: refresh }),
  });
}
