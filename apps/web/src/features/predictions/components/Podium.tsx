import { Fragment, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import type { LeaderboardRow } from '../api';
import styles from './Podium.module.css';

const ORDER = [1, 0, 2] as const; // 2nd, 1st, 3rd from left to right

/**
 * A pseudo shown whole in a narrow step: it may wrap after each '_' ('demo_theo_' / 'asm'),
 * and anywhere as a last resort (the CSS), rather than end in '…'.
 */
function breakable(name: string): ReactNode {
  return name.split(/(?<=_)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** TOP 3; a missing place shows 'Inconnu' with 0 pts (spec section 2). */
export function Podium({ rows }: { rows: LeaderboardRow[] }) {
  return (
    <ol className={styles['podium']} aria-label="Top 3">
      {ORDER.map((index) => {
        const row = rows[index] ?? null;
        const name = row?.username ?? 'Inconnu';
        const rank = row?.classement_prono ?? index + 1;
        // A step's height and colour follow the rank, not the place: two members tied second
        // stand on two steps of the same height.
        const step = Math.min(rank, 3);
        return (
          <li
            key={index}
            className={`${styles['podium__step']} ${styles[`podium__step--${step}`]}`}
            value={rank}
          >
            <Avatar username={name} picture={row?.profile_picture} size={step === 1 ? 72 : 56} />
            <span className={styles['podium__name']}>{breakable(name)}</span>
            <span className={styles['podium__pts']}>{row?.pts_prono ?? 0} pts</span>
            <span className={styles['podium__block']} aria-hidden="true">
              {rank}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
