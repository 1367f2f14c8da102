import type { ReactNode } from 'react';
import { Dialog, DialogCancel, DialogDescription, DialogFooter, DialogTitle } from './Dialog';
import { AlertCircleIcon, CheckCircleIcon } from './icons';
import { cx } from '../../lib/cx';
import dialogStyles from './Dialog.module.css';

type Props = {
  open: boolean;
  status: 'success' | 'error';
  message: string;
  onClose: () => void;
  /** Optional extra actions shown before 'Fermer' (e.g. 'Afficher MuneguMap'). */
  actions?: ReactNode;
  /** Default 'Succès' / 'Erreur'. */
  title?: string;
  /** Default a check or an alert sign. */
  icon?: ReactNode;
  className?: string;
};

/** Success or error with a message and 'Fermer' (spec section 2, Result popup). */
export function ResultPopup({
  open,
  status,
  message,
  onClose,
  actions,
  title,
  icon,
  className,
}: Props) {
  return (
    <Dialog open={open} onClose={onClose} className={className} describedByContent>
      <div className={cx(dialogStyles['dialog__icon'], dialogStyles[`dialog__icon--${status}`])}>
        {icon ??
          (status === 'success' ? <CheckCircleIcon size={48} /> : <AlertCircleIcon size={48} />)}
      </div>
      <DialogTitle>{title ?? (status === 'success' ? 'Succès' : 'Erreur')}</DialogTitle>
      <DialogDescription>{message}</DialogDescription>
      <DialogFooter>
        {actions}
        <DialogCancel label="Fermer" primary />
      </DialogFooter>
    </Dialog>
  );
}
