import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { plural, pluralWord, TRIP_TEXTS, type OrganizedTrip } from '@munegu/shared';
import { Button } from '../../../../components/ui/Button';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { LoadingOverlay } from '../../../../components/ui/LoadingOverlay';
import { errorMessage, isApiError } from '../../../../lib/api';
import { formatLongDate, formatTime } from '../../../../lib/dates';
import { waitingLabel } from '../../labels';
import { useCancelTrip, useOrganization } from '../api';
import { TripFormDialog } from '../components/TripFormDialog';
import { TripRow } from '../components/TripRow';
import { groupByMatch } from '../components/tripGroups';
import styles from '../components/organiser.module.css';

/**
 * /mes-deplacements: the trips of the antennas I organise (every antenna's for MODERATEUR+),
 * by match, soonest first. The API answers 403 to anyone else: they get the app's /404.
 */
export default function OrganiserPage() {
  const organisation = useOrganization();
  const cancel = useCancelTrip();
  const [editing, setEditing] = useState<OrganizedTrip | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<OrganizedTrip | null>(null);

  if (isApiError(organisation.error) && organisation.error.status === 403)
    return <Navigate to="/404" replace />;
  if (organisation.isPending) return <LoadingOverlay />;
  if (organisation.isError)
    return (
      <div className="page page--narrow">
        <p className="error-text">{errorMessage(organisation.error, 'Chargement impossible.')}</p>
      </div>
    );

  const { antennes, deplacements } = organisation.data;
  const groups = groupByMatch(deplacements);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{TRIP_TEXTS.mySpace}</h1>
      <div className={styles['toolbar']}>
        <p className={styles['muted']}>{antennes.map((a) => a.nom).join(' · ')}</p>
        <Button variant="primary" onClick={() => setEditing('new')}>
          Nouveau déplacement
        </Button>
      </div>
      {groups.length === 0 && <p className="empty-state">Aucun déplacement pour l’instant.</p>}
      {groups.map(({ match, trips }) => (
        <section key={match.id} className={styles['group']} aria-labelledby={`match-${match.id}`}>
          <h2 id={`match-${match.id}`} className={styles['group__title']}>
            {match.domicile} – {match.exterieur}
            <span className={styles['muted']}>
              {' '}
              {formatLongDate(match.date)} à {formatTime(match.date)}
            </span>
          </h2>
          <ul className={styles['trips']}>
            {trips.map((trip) => (
              <TripRow
                key={trip.id}
                trip={trip}
                onEdit={() => setEditing(trip)}
                onCancel={() => setCancelling(trip)}
              />
            ))}
          </ul>
        </section>
      ))}
      {editing && (
        <TripFormDialog
          trip={editing === 'new' ? null : editing}
          antennas={antennes}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Annuler le déplacement"
        message={cancelling ? cancelQuestion(cancelling) : ''}
        confirmLabel="Annuler le déplacement"
        cancelLabel="Garder"
        danger
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() =>
          cancelling && cancel.mutate(cancelling, { onSettled: () => setCancelling(null) })
        }
      />
    </div>
  );
}

/** Who the cancellation reaches: seats confirmed, and the waiting list as the rows count it. */
function cancelQuestion(trip: OrganizedTrip): string {
  const confirmed = trip.places_confirmees;
  const waiting = waitingLabel(trip);
  const reached = `${plural(confirmed, 'place')} ${pluralWord(confirmed, 'confirmée')}${waiting ? `, ${waiting}` : ''}`;
  return `Le car de ${trip.antenne.nom} sera annulé : ${reached}. Chaque inscrit est prévenu, et sa présence au match est retirée.`;
}
