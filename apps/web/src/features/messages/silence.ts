import { silencedMessage } from '@munegu/shared';
import { useAuth } from '../../lib/auth';
import type { ChatNotice } from './components/ChatInput';

/**
 * Why the signed-in member cannot write right now, when a moderator has silenced them: the
 * server's own words (end date and reason), the line under a chat's field before anything is
 * typed instead of on a refused send. Null when no silence is in force.
 */
export function useOwnSilence(): ChatNotice | null {
  const silence = useAuth().user?.silence;
  if (!silence || Date.parse(silence.until) <= Date.now()) return null;
  return { tone: 'error', text: silencedMessage(new Date(silence.until), silence.reason) };
}
