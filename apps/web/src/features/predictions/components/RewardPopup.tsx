import { ResultPopup } from '../../../components/ui/ResultPopup';
import { PRONO_REWARD } from '../config';
import styles from './RewardPopup.module.css';

/** The reward popup: a shirt to win (spec sections 2 and 9); wording from the site config. */
export function RewardPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ResultPopup
      open={open}
      onClose={onClose}
      status="success"
      title={PRONO_REWARD.title}
      message={PRONO_REWARD.text}
      icon={<ShirtIcon />}
    />
  );
}

function ShirtIcon() {
  return (
    <span className={styles['reward__shirt']} aria-hidden="true">
      <svg viewBox="0 0 100 100" width="96" height="96">
        <path
          d="M30 10 L42 6 Q50 14 58 6 L70 10 L92 26 L82 42 L72 36 L72 94 L28 94 L28 36 L18 42 L8 26 Z"
          fill="#fff"
          stroke="#16181d"
          strokeWidth="3"
        />
        <path d="M28 94 L72 36 L72 94 Z" fill="#e2001a" />
      </svg>
    </span>
  );
}
