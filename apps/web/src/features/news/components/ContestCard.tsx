import type { ReactNode } from 'react';
import type { Contest } from '@munegu/shared';
import { formatDate } from '../../../lib/dates';
import { cx } from '../../../lib/cx';
import styles from './ContestCard.module.css';
import { keepPunctuationAttached } from '../../../lib/typography';

/**
 * A running contest as the home carousel and /actualites show it: visual, title, end date, the
 * links where members take part, and `actions` (the editors' menu) inside the card's bottom
 * edge, wrapping rather than spilling out of a narrow card.
 */
export function ContestCard({ contest, actions }: { contest: Contest; actions?: ReactNode }) {
  return (
    <article className={cx(styles['contest'], 'card')} aria-label={contest.titre}>
      {contest.image && (
        <img className={styles['contest__image']} src={contest.image} alt="" loading="lazy" />
      )}
      <h3 className={styles['contest__title']}>{keepPunctuationAttached(contest.titre)}</h3>
      <p className={styles['contest__end']}>Jusqu’au {formatDate(contest.dateFin)}</p>
      {(contest.lienInsta || contest.lienX) && (
        <p className={styles['contest__links']}>
          {contest.lienInsta && (
            <a href={contest.lienInsta} target="_blank" rel="noopener noreferrer">
              Participer sur Instagram
            </a>
          )}
          {contest.lienX && (
            <a href={contest.lienX} target="_blank" rel="noopener noreferrer">
              Participer sur X
            </a>
          )}
        </p>
      )}
      {actions && <div className={styles['contest__actions']}>{actions}</div>}
    </article>
  );
}
