import { useEffect, useState } from 'react';
import type { Message } from '@munegu/shared';
import { formatMessageTime } from '../../../lib/dates';
import { loadOlderMessages } from '../api';
import type { PendingMessage } from '../outbox';
import { useOlderPages } from '../useOlderPages';
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
          <time className={styles['bubble__time']} dateTime={message.createdAt}>
            {formatMessageTime(message.createdAt)}
            {message.id === seenId && <span className={styles['bubble__seen']}> · Vu</span>}
          </time>
        </li>
      ))}
      {pending.map((p) => (
        <li
          key={`pending-${p.key}`}
          className={`${styles['bubble']} ${styles['bubble--me']} ${styles['bubble--pending']}`}
          data-testid="pending-message"
        >
          <p className={styles['bubble__text']}>{p.content}</p>
          <span className={styles['bubble__time']}>
            <PendingLabel item={p} held={pending[0]?.state === 'waiting'} />
          </span>
        </li>
      ))}
      {typingName && (
        <li className={styles['chat__typing']} aria-live="polite">
          {typingName} écrit…
        </li>
      )}
    </ol>
  );
}

/**
 * 'Envoi…' while it leaves; the wait told by the server when the burst was too fast, and
 * 'En attente…' for the messages queued behind that wait.
 */
function PendingLabel({ item, held }: { item: PendingMessage; held: boolean }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (item.retryAt === null) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [item.retryAt]);
  if (item.state === 'waiting' && item.retryAt !== null) {
    const seconds = Math.max(1, Math.ceil((item.retryAt - Date.now()) / 1000));
    return <>En attente · envoi dans {seconds} s</>;
  }
  return <>{held ? 'En attente…' : 'Envoi…'}</>;
}
