import { CARPOOL_TEXTS } from '@munegu/shared';
import { DialogFooter } from '../../../components/ui/Dialog';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';
import styles from './presence.module.css';
import { Button } from '../../../components/ui/Button';

/**
 * A success says the presence is saved, or (a coach registration, issue 30) its own sentence:
 * confirmed, or the waiting position; `noMap`: nothing to show on the map yet (waiting list).
 */
export type PresenceOutcome =
  { status: 'success'; message?: string; noMap?: boolean } | { status: 'error'; message: string };

type Props = {
  outcome: PresenceOutcome;
  /** 'Afficher MuneguMap' (success only); absent where no map can open. */
  onOpenMap?: () => void;
  onClose: () => void;
};

/** After sending: success with 'Afficher MuneguMap' and 'Fermer', or the failure (spec section 8). */
export function PresenceResult({ outcome, onOpenMap, onClose }: Props) {
  const success = outcome.status === 'success';
  return (
    <div>
      <div className={styles['presence__result']} role={success ? 'status' : 'alert'}>
        <span
          className={cx(
            styles[success ? 'presence__result-icon--success' : 'presence__result-icon--error'],
          )}
          aria-hidden="true"
        >
          {success ? <CheckCircleIcon size={48} /> : <AlertCircleIcon size={48} />}
        </span>
        <p className={styles['presence__result-text']}>
          {outcome.message ?? CARPOOL_TEXTS.presenceSaved}
        </p>
      </div>
      <DialogFooter>
        {success && !outcome.noMap && onOpenMap && (
          <Button variant="outline" onClick={onOpenMap}>
            Afficher MuneguMap
          </Button>
        )}
        <Button variant="primary" onClick={onClose}>
          Fermer
        </Button>
      </DialogFooter>
    </div>
  );
}
