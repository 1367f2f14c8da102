import { useId, useState } from 'react';
import type { RegistrantPatch } from '@munegu/shared';
import { fullName, presentCount, searchRows, type Row } from './boarding';
import { Pending } from './RegistrantRows';
import { Toggle } from './Toggle';
import styles from './organiser.module.css';

type Props = { rows: Row[]; onTick: (userId: number, patch: RegistrantPatch) => void };

/**
 * Check-in at the departure point, on a phone: the confirmed registrations in big rows (touch
 * targets of 48 px at least), a search by name, and the count of seats already on board.
 */
export function CheckinView({ rows, onTick }: Props) {
  const id = useId();
  const [term, setTerm] = useState('');
  const confirmed = rows.filter((r) => r.statut === 'CONFIRME');
  const shown = searchRows(confirmed, term);
  const { present, seats } = presentCount(rows);
  return (
    <section aria-label="Mode embarquement" className={styles['checkin']}>
      <p className={styles['checkin__count']} role="status">
        Présents : {present} / {seats} places
      </p>
      <label htmlFor={`${id}-q`} className={styles['checkin__search']}>
        Rechercher un nom
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          value={term}
          autoComplete="off"
          onChange={(e) => setTerm(e.target.value)}
        />
      </label>
      {shown.length === 0 && <p className="empty-state">Aucun inscrit ne correspond.</p>}
      <ul className={styles['checkin__rows']}>
        {shown.map((r) => (
          <li
            key={r.user_id}
            className={styles['checkin__row']}
            aria-label={r.username}
            data-present={r.present}
          >
            <div className={styles['registrant__who']}>
              <strong>{fullName(r)}</strong>
              <span className={styles['muted']}>
                {r.username} · {r.nb_places} place{r.nb_places > 1 ? 's' : ''} ·{' '}
                {r.paye ? 'payé' : 'non payé'}
              </span>
              {r.pending && <Pending />}
            </div>
            <Toggle
              label="Présent"
              who={r.username}
              on={r.present}
              big
              onChange={(next) => onTick(r.user_id, { present: next })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
