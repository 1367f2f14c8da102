import type { RefObject } from 'react';
import { Dialog, DialogCancel, DialogFooter } from './Dialog';

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as dangerous (deletions). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Takes the focus when what opened the question is gone with its answer (Dialog). */
  fallbackFocus?: RefObject<HTMLElement | null>;
};

/** A yes/no question (e.g. 'Es-tu sûr de vouloir supprimer cette actualité ?'). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
  fallbackFocus,
}: Props) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      alert
      {...(fallbackFocus ? { fallbackFocus } : {})}
    >
      <DialogFooter>
        <DialogCancel label={cancelLabel} />
        <button
          type="button"
          className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
