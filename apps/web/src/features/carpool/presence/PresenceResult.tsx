import { CARPOOL_TEXTS } from '@munegu/shared';
import { DialogFooter } from '../../../components/ui/Dialog';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';
import styles from './presence.module.css';
import { Button } from '../../../components/ui/Button';

export type PresenceOutcome = { status: 'success' } | { status: 'error'; message: string };

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
          {success ? CARPOOL_TEXTS.presenceSaved : outcome.message}
        </p>
      </div>
      <DialogFooter>
        {success && onOpenMap && (
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
