import type { CarpoolReliability as Reliability } from '@munegu/shared';
import styles from './CarpoolReliability.module.css';

const rating = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 2 });

/** What the carpool tables say of a member: ratings received, confirmed carpools, cancellations. */
export function CarpoolReliability({ carpool }: { carpool: Reliability }) {
  const rows: [string, string][] = [
    [
      'Note moyenne',
      carpool.ratingAverage === null
        ? 'Jamais noté'
        : `${rating(carpool.ratingAverage)}/5 (${carpool.ratingCount} note${carpool.ratingCount > 1 ? 's' : ''})`,
    ],
    ['Covoiturages confirmés', String(carpool.confirmed)],
    [
      'Annulations',
      carpool.cancelled === 0
        ? '0'
        : `${carpool.cancelled}, dont ${carpool.cancelledAfterConfirmation} après confirmation`,
    ],
    ['Exclu par un conducteur', String(carpool.excluded)],
  ];
  return (
    <dl className={styles['reliability']}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles['reliability__row']}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
