import { useEffect, useState } from 'react';
import type { PendingMessage } from '../outbox';
import styles from './MessageList.module.css';

/**
 * My messages still on their way, after the stored ones (issue 27), in a conversation or a
 * group thread alike: each says whether it is leaving, waiting its turn, waiting out the
 * server's burst limit, or waiting for the connection to come back.
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
            <PendingLabel item={p} held={isHeld(pending[0])} />
          </span>
        </li>
      ))}
    </>
  );
}

/** The head waits (the server's burst limit, or the connection): the others wait behind it. */
const isHeld = (head: PendingMessage | undefined) =>
  head?.state === 'waiting' || head?.state === 'offline';

/**
 * 'Envoi…' while it leaves; the wait told by the server when the burst was too fast, or the
 * wait for the connection; 'En attente…' for the messages queued behind either.
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
  if (item.state === 'offline') return <>En attente de connexion…</>;
  return <>{held ? 'En attente…' : 'Envoi…'}</>;
}
