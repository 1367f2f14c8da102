import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { AlertCircleIcon, CheckCircleIcon } from './icons';
import './Dialog.css';

type Props = {
  open: boolean;
  status: 'success' | 'error';
  message: string;
  onClose: () => void;
  /** Optional extra actions shown before 'Fermer' (e.g. 'Afficher MuneguMap'). */
  actions?: ReactNode;
};

/** Success or error with a message and 'Fermer' (spec section 2, Result popup). */
export function ResultPopup({ open, status, message, onClose, actions }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content" aria-describedby="result-popup-message">
          <div className={`dialog__icon dialog__icon--${status}`}>
            {status === 'success' ? <CheckCircleIcon size={48} /> : <AlertCircleIcon size={48} />}
          </div>
          <Dialog.Title className="dialog__title">
            {status === 'success' ? 'Succès' : 'Erreur'}
          </Dialog.Title>
          <Dialog.Description id="result-popup-message" className="dialog__message">
            {message}
          </Dialog.Description>
          <div className="dialog__actions">
            {actions}
            <Dialog.Close asChild>
              <button type="button" className="btn btn--primary">
                Fermer
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
