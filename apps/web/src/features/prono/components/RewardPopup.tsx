import * as Dialog from '@radix-ui/react-dialog';
import { PRONO_REWARD } from '../config';
import '../../../components/ui/Dialog.css';
import './prono-popups.css';

/** The reward popup: a shirt to win (spec sections 2 and 9); wording from the site config. */
export function RewardPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content reward">
          <div className="reward__shirt" aria-hidden="true">
            <svg viewBox="0 0 100 100" width="96" height="96">
              <path
                d="M30 10 L42 6 Q50 14 58 6 L70 10 L92 26 L82 42 L72 36 L72 94 L28 94 L28 36 L18 42 L8 26 Z"
                fill="#fff"
                stroke="#16181d"
                strokeWidth="3"
              />
              <path d="M28 94 L72 36 L72 94 Z" fill="#e2001a" />
            </svg>
          </div>
          <Dialog.Title className="dialog__title">{PRONO_REWARD.title}</Dialog.Title>
          <Dialog.Description className="dialog__message">{PRONO_REWARD.text}</Dialog.Description>
          <div className="dialog__actions">
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
