import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import '../../../components/ui/Dialog.css';

/** The frame of the settings modals; the content is mounted only while open (fresh forms). */
export function SettingsDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog__content dialog__content--wide"
          aria-describedby={undefined}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {open && children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Annuler + the submit button of a settings form. */
export function DialogActions({
  disabled,
  label = 'Enregistrer',
}: {
  disabled: boolean;
  label?: string;
}) {
  return (
    <div className="dialog__actions">
      <Dialog.Close asChild>
        <button type="button" className="btn btn--ghost">
          Annuler
        </button>
      </Dialog.Close>
      <button type="submit" className="btn btn--primary" disabled={disabled}>
        {label}
      </button>
    </div>
  );
}
