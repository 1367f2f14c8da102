import { silencedMessage } from '@munegu/shared';
import { useAuth } from '../../lib/auth';

/**
 * Why the signed-in member cannot write right now, when a moderator has silenced them: the
 * server's own words (end date and reason), shown before anything is typed instead of on a
 * refused send. Null when no silence is in force.
 */
export function useOwnSilence(): string | null {
  const silence = useAuth().user?.silence;
  if (!silence || Date.parse(silence.until) <= Date.now()) return null;
  return silencedMessage(new Date(silence.until), silence.reason);
}
