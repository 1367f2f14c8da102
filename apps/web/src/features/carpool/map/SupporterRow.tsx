import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CARPOOL_TEXTS, type Supporter } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { cx } from '../../../lib/cx';
import {
  capacityLabel,
  ratingLabel,
  rowAction,
  transportLabel,
  type RowAction,
  type Viewer,
} from './supporters';
import styles from './SupporterRow.module.css';

export type SendKind = 'demande' | 'proposition';

type Props = {
  supporter: Supporter;
  viewer: Viewer;
  onSend: (supporter: Supporter, kind: SendKind) => void;
  onAnswer: (supporter: Supporter) => void;
  /** A line under the details (a suggestion's department and detour). */
  extra?: ReactNode;
};

/** One supporter of the list: who, how they travel, their rating and what the member can do. */
export function SupporterRow({ supporter, viewer, onSend, onAnswer, extra }: Props) {
  const isMe = supporter.id === viewer.id;
  const capacity = capacityLabel(supporter);
  return (
    <li className={cx(styles['supporter-row'], isMe && styles['supporter-row--me'])}>
      <Avatar username={supporter.username} picture={supporter.profile_picture} size={44} />
      <div className={styles['supporter-row__body']}>
        <Link
          to={`/profil/${encodeURIComponent(supporter.username)}`}
          className={styles['supporter-row__name']}
        >
          {supporter.username}
        </Link>
        {isMe && <span className={styles['supporter-row__me']}> (toi)</span>}
        <p className={styles['supporter-row__meta']}>
          <span>{transportLabel(supporter)}</span>
          {capacity && <span>{capacity}</span>}
          {supporter.note_covoiturage !== null && (
            <span>{ratingLabel(supporter.note_covoiturage)}</span>
          )}
        </p>
        {extra && <p className={styles['supporter-row__extra']}>{extra}</p>}
      </div>
      <RowButton
        action={rowAction(supporter, viewer)}
        onSend={(kind) => onSend(supporter, kind)}
        onAnswer={() => onAnswer(supporter)}
      />
    </li>
  );
}

function RowButton({
  action,
  onSend,
  onAnswer,
}: {
  action: RowAction;
  onSend: (kind: SendKind) => void;
  onAnswer: () => void;
}) {
  const small = 'btn btn--small';
  switch (action.kind) {
    case 'none':
      return null;
    case 'pending':
      return (
        <button type="button" className={cx(small, 'btn--ghost')} disabled>
          En attente
        </button>
      );
    case 'answer':
      return (
        <button type="button" className={cx(small, 'btn--primary')} onClick={onAnswer}>
          Répondre
        </button>
      );
    default: {
      const kind: SendKind = action.kind === 'request' ? 'demande' : 'proposition';
      if (!action.enoughPlaces) {
        // aria-disabled rather than disabled: the button stays focusable, so the tooltip
        // saying why is reachable from the keyboard too.
        return (
          <button
            type="button"
            className={cx(small, 'btn--ghost')}
            aria-disabled="true"
            title={CARPOOL_TEXTS.notEnoughPlacesTooltip}
          >
            {CARPOOL_TEXTS.notEnoughPlaces}
          </button>
        );
      }
      return (
        <button type="button" className={cx(small, 'btn--outline')} onClick={() => onSend(kind)}>
          {kind === 'demande' ? 'Demander' : 'Proposer'}
        </button>
      );
    }
  }
}
