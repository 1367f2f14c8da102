import type { Message } from '@munegu/shared';
import { loadOlderMessages } from '../api';
import type { PendingMessage } from '../outbox';
import { useOlderPages } from '../useOlderPages';
import { BubbleFoot } from './BubbleFoot';
import { PendingBubbles } from './PendingBubbles';
import messagesStyles from '../messages.module.css';
import styles from './MessageList.module.css';

type Props = {
  conversationId: number | null;
  messages: Message[];
  seenId: number | null;
  typingName: string | null;
  /** My messages still on their way, after the stored ones (issue 27). */
  pending: readonly PendingMessage[];
  onOlder: (older: Message[]) => void;
  /** The other member, when their messages can be reported (not once they have left). */
  reportAs?: { author: string; onReport: (message: Message) => void };
};

/**
 * Bubbles, oldest first. Scrolling to the top loads the previous 20 (offset = messages
 * loaded); fewer than 20 means there are no more. Message text is rendered as text only.
 */
export function MessageList({
  conversationId,
  messages,
  seenId,
  typingName,
  pending,
  onOlder,
  reportAs,
}: Props) {
  const { listRef, loading, onScroll } = useOlderPages({
    messages,
    load: conversationId === null ? null : (offset) => loadOlderMessages(conversationId, offset),
    onOlder,
    bottom: `${typingName ?? ''}:${pending.length}`,
  });

  return (
    <ol className={messagesStyles['chat__messages']} ref={listRef} onScroll={onScroll}>
      {loading && <li className={messagesStyles['chat__info']}>Chargement…</li>}
      {messages.map((message) => (
        <li
          key={message.id}
          className={`${styles['bubble']}${message.fromMe ? ` ${styles['bubble--me']}` : ''}`}
          data-testid="message"
        >
          <p className={styles['bubble__text']}>{message.content}</p>
          <BubbleFoot
            createdAt={message.createdAt}
            seen={message.id === seenId}
            {...(reportAs && !message.fromMe
              ? {
                  report: {
                    author: reportAs.author,
                    onReport: () => reportAs.onReport(message),
                  },
                }
              : {})}
          />
        </li>
      ))}
      <PendingBubbles pending={pending} />
      {typingName && (
        <li className={styles['chat__typing']} aria-live="polite">
          {typingName} écrit…
        </li>
      )}
    </ol>
  );
}
