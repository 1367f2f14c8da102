import { useEffect, useState } from 'react';
import type { PendingMessage } from '../outbox';
import styles from './MessageList.module.css';

/**
 * My messages still on their way, after the stored ones (issue 27), in a conversation or a
 * group thread alike: each says whether it is leaving, waiting its turn, or waiting out the
 * server's burst limit.
 */
export function PendingBubbles({ pending }: { pending: readonly PendingMessage[] }) {
  return (
    <>
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
    </>
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
