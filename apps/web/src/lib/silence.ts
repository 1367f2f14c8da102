import { silencedMessage } from '@munegu/shared';
import { useAuth } from './auth';

/**
 * Why the signed-in member cannot write to others right now, when a moderator or an admin has
 * silenced them: the server's own words (end date and reason). Every form whose sending reaches
 * members (a chat, a news item, a contest, a sanction's mailed reason) shows it before anything
 * is typed and does not offer to send, rather than let the server refuse a finished text. Null
 * when no silence is in force.
 */
export function useOwnSilence(): string | null {
  const silence = useAuth().user?.silence;
  if (!silence || Date.parse(silence.until) <= Date.now()) return null;
  return silencedMessage(new Date(silence.until), silence.reason);
}
