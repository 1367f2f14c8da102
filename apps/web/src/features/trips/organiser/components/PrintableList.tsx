import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { TRIP_TEXTS, type OrganizedTrip } from '@munegu/shared';
import { formatDate, formatTime } from '../../../../lib/dates';
import { fullName, type Row } from './boarding';
import styles from './organiser.module.css';

/**
 * What 'Imprimer' prints: the trip's header and the list (names, seats, paid, an empty box to
 * tick), outside the app's root so the print stylesheet can hide the whole app (navbar,
 * footer, buttons) and show only this. The body carries the class that enables it only while
 * this list is mounted, so printing any other page prints that page.
 */
export function PrintableList({ trip, rows }: { trip: OrganizedTrip; rows: Row[] }) {
  useEffect(() => {
    const host = styles['print-host'];
    if (!host) return;
    document.body.classList.add(host);
    return () => document.body.classList.remove(host);
  }, []);
  const confirmed = rows.filter((r) => r.statut === 'CONFIRME');
  const waiting = rows.filter((r) => r.statut === 'ATTENTE');
  return createPortal(
    <div className={styles['print']} data-testid="printable-list">
      <h1>{TRIP_TEXTS.cardTitle(trip.antenne.nom)}</h1>
      <p>
        {trip.match.domicile} – {trip.match.exterieur}, {formatDate(trip.match.date)}
      </p>
      <p>
        Départ le {formatDate(trip.depart_heure)} à {formatTime(trip.depart_heure)},{' '}
        {trip.depart_lieu}
      </p>
      <PrintTable title="Confirmés" rows={confirmed} />
      {waiting.length > 0 && <PrintTable title="Liste d’attente" rows={waiting} />}
    </div>,
    document.body,
  );
}

function PrintTable({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <table className={styles['print__table']}>
      <caption>
        {title} ({rows.reduce((n, r) => n + r.nb_places, 0)} places)
      </caption>
      <thead>
        <tr>
          <th scope="col">Nom</th>
          <th scope="col">Places</th>
          <th scope="col">Payé</th>
          <th scope="col">Présent</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.user_id}>
            <td>
              {fullName(r)} <small>({r.username})</small>
            </td>
            <td>{r.nb_places}</td>
            <td>{r.paye ? 'Oui' : '—'}</td>
            <td>
              <span className={styles['print__box']} aria-label="case à cocher" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
