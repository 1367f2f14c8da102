import { cx } from '../../../lib/cx';
import styles from './OpenReportsCount.module.css';

/** 'N signalement(s) à traiter': the words a screen reader reads for the badge. */
export const openReportsLabel = (count: number) =>
  `${count} signalement${count > 1 ? 's' : ''} à traiter`;

/**
 * The count of open reports beside a staff link (the profile menu, the Modération tab):
 * nothing when there is none. The number is shown; the sentence is read.
 */
export function OpenReportsCount({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={cx(styles['count'], className)} title={openReportsLabel(count)}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">, {openReportsLabel(count)}</span>
    </span>
  );
}
