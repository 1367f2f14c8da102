import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import '../../../components/ui/Dialog.css';

/** A titled dialog for the operators' forms (focus trapped, Escape closes). */
export function Modal(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(next) => !next && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog__content dialog__content--wide"
          aria-describedby={undefined}
        >
          <Dialog.Close className="icon-btn dialog__close" aria-label="Fermer">
            <CloseIcon size={20} />
          </Dialog.Close>
          <Dialog.Title className="dialog__title">{props.title}</Dialog.Title>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** First message per field of a zod error (or of the server's `errors` list). */
export function fieldErrors(issues: { path: PropertyKey[] | string; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : String(issue.path);
    out[key] ??= issue.message;
  }
  return out;
}
