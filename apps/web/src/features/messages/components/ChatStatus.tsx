import { MESSAGING_MESSAGES as M } from '@munegu/shared';
import type { ChatState } from '../rules';
import { fill } from '../rules';
import styles from './ChatStatus.module.css';

type Props = {
  state: ChatState;
  name: string;
  busy: boolean;
  onAccept: () => void;
  onUnblock: () => void;
};

/** The line above the input that explains why (or why not) the caller may write. */
export function ChatStatus({ state, name, busy, onAccept, onUnblock }: Props) {
  switch (state.kind) {
    case 'waiting':
      return <p className={styles['chat__status']}>{fill(M.waitingAcceptance, name)}</p>;
    case 'must-accept':
      return (
        <div className={styles['chat__status']}>
          <p>{name} souhaite t’écrire.</p>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onAccept}>
            {M.acceptRequest}
          </button>
        </div>
      );
    case 'blocked-by-me':
      return (
        <div className={styles['chat__status']}>
          <p>Tu as bloqué cette conversation.</p>
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={onUnblock}>
            {M.unblock}
          </button>
        </div>
      );
    case 'blocked-by-other':
      return <p className={styles['chat__status']}>{name} a bloqué cette conversation.</p>;
    default:
      return null;
  }
}
