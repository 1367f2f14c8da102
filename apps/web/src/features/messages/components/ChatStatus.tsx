import { MESSAGING_TEXTS as M } from '@munegu/shared';
import type { ChatState } from '../rules';
import { fill } from '../rules';
import styles from './ChatStatus.module.css';
import { Button } from '../../../components/ui/Button';

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
          <Button variant="primary" disabled={busy} onClick={onAccept}>
            {M.acceptRequest}
          </Button>
        </div>
      );
    case 'blocked-by-me':
      return (
        <div className={styles['chat__status']}>
          <p>Tu as bloqué cette conversation.</p>
          <Button variant="ghost" disabled={busy} onClick={onUnblock}>
            {M.unblock}
          </Button>
        </div>
      );
    case 'blocked-by-other':
      return <p className={styles['chat__status']}>{name} a bloqué cette conversation.</p>;
    case 'gone':
      return <p className={styles['chat__status']}>{M.accountDeleted}</p>;
    default:
      return null;
  }
}
