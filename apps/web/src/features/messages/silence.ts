import { useOwnSilence } from '../../lib/silence';
import type { ChatNotice } from './components/ChatInput';

/** The member's silence in force as the line under a chat's field; null when none. */
export function useChatSilence(): ChatNotice | null {
  const text = useOwnSilence();
  return text ? { tone: 'error', text } : null;
}
