import { ABORTED, ApiError, unwrap, type Aborted } from '../../lib/api';

/** Query function of a token page: resolves the data, or null when the link is unknown (404). */
export function tokenQuery<T>(call: (signal?: AbortSignal) => Promise<T | Aborted>) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<T | null> => {
    try {
      const result = await call(signal);
      return result === ABORTED ? unwrap(result) : result;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  };
}
