import { Link } from 'react-router-dom';
import { plural } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { movementLabel, type LeaderboardRow } from '../api';
import styles from './RankingRows.module.css';

type Row = LeaderboardRow & { evolution?: number | null };

/** Ranked rows (pseudo + points); the signed-in member's row is highlighted. */
export function RankingRows({
  rows,
  meId,
  movement = false,
}: {
  rows: Row[];
  meId: number | undefined;
  movement?: boolean;
}) {
  return (
    <ol className={styles['prono__list']}>
      {rows.map((row) => {
        const me = meId === row.id;
        const move = movementLabel(row.evolution);
        const tone = !row.evolution ? 'same' : row.evolution > 0 ? 'up' : 'down';
        return (
          <li
            key={row.id}
            className={me ? styles['is-me'] : undefined}
            aria-current={me ? 'true' : undefined}
            value={row.classement_prono}
          >
            <span className={styles['prono__rank']}>{row.classement_prono}</span>
            {movement && (
              <span
                className={`${styles['prono__move']} ${styles[`prono__move--${tone}`]}`}
                aria-label={
                  row.evolution === null
                    ? 'Nouveau'
                    : !row.evolution
                      ? 'Position inchangée'
                      : row.evolution > 0
                        ? `Gagne ${plural(row.evolution, 'place')}`
                        : `Perd ${plural(-row.evolution, 'place')}`
                }
              >
                {move}
              </span>
            )}
            <Avatar username={row.username} picture={row.profile_picture} size={32} />
            <Link
              className={styles['prono__pseudo']}
              to={`/profil/${encodeURIComponent(row.username)}`}
            >
              {row.username}
            </Link>
            <span className={styles['prono__points']}>{row.pts_prono} pts</span>
          </li>
        );
      })}
    </ol>
  );
}
