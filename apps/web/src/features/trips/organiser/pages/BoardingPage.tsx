import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { TRIP_TEXTS } from '@munegu/shared';
import { Button } from '../../../../components/ui/Button';
import { LoadingOverlay } from '../../../../components/ui/LoadingOverlay';
import { useOnline } from '../../../../components/ui/OfflineBanner';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatTime } from '../../../../lib/dates';
import { waitingLabel } from '../../labels';
import { downloadRegistrantsCsv, listRefused, useCheckin } from '../api';
import { AnnouncementForm } from '../components/AnnouncementForm';
import { CheckinView } from '../components/CheckinView';
import { PrintableList } from '../components/PrintableList';
import { RegistrantRows } from '../components/RegistrantRows';
import { OFFLINE_TICKS } from '../components/boarding';
import styles from '../components/organiser.module.css';

/**
 * /mes-deplacements/:id: a trip's boarding list for its organisers ('Payé', 'Présent', CSV,
 * print) and its check-in mode. The last list loaded here stays usable without network; ticks
 * wait in a queue until it is back (api.ts useCheckin).
 */
export default function BoardingPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  return <Boarding id={id} />;
}

function Boarding({ id }: { id: number }) {
  const { list, registrants, waiting: waitingSync, tick } = useCheckin(id);
  const online = useOnline();
  const [checkin, setCheckin] = useState(false);
  const [exporting, setExporting] = useState(false);

  // Before the data: a copy kept on the device stays in the query after the API refused it.
  if (listRefused(list.error)) return <Navigate to="/404" replace />;
  if (!list.data) {
    if (list.isError)
      return (
        <div className="page page--narrow">
          <p className="error-text">{errorMessage(list.error, 'Chargement impossible.')}</p>
        </div>
      );
    return <LoadingOverlay />;
  }

  const trip = list.data.deplacement;
  const waiting = waitingLabel(trip);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadRegistrantsCsv(id, `inscrits-car-${id}.csv`);
    } catch (error) {
      toast.error(errorMessage(error, 'Export impossible.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page page--narrow">
      <Link to="/mes-deplacements" className={styles['back']}>
        ← {TRIP_TEXTS.mySpace}
      </Link>
      <h1 className="page__title">{TRIP_TEXTS.cardTitle(trip.antenne.nom)}</h1>
      <p className={styles['trip__line']}>
        {trip.match.domicile} – {trip.match.exterieur} · départ le {formatDate(trip.depart_heure)} à{' '}
        {formatTime(trip.depart_heure)}, {trip.depart_lieu}
      </p>
      <p className={styles['trip__line']}>
        {TRIP_TEXTS.statusLabels[trip.statut]} · {trip.places_confirmees} / {trip.places_total}{' '}
        places confirmées{waiting && ` · ${waiting}`}
      </p>
      {!online && (
        <p className={styles['offline']} role="status">
          {OFFLINE_TICKS}
        </p>
      )}
      {waitingSync > 0 && (
        <p className={styles['pending']} role="status">
          {waitingSync} pointage{waitingSync > 1 ? 's' : ''} en attente de synchronisation
        </p>
      )}
      <div className={styles['actions']}>
        <Button
          variant={checkin ? 'primary' : 'outline'}
          aria-pressed={checkin}
          onClick={() => setCheckin((c) => !c)}
        >
          Mode embarquement
        </Button>
        <Button variant="outline" disabled={exporting || !online} onClick={() => void exportCsv()}>
          Exporter CSV
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          Imprimer
        </Button>
      </div>
      {!checkin && <AnnouncementForm tripId={id} threadId={trip.groupe_id} online={online} />}
      {checkin ? (
        <CheckinView rows={registrants} onTick={tick} />
      ) : (
        <RegistrantRows rows={registrants} onTick={tick} />
      )}
      <PrintableList trip={trip} rows={registrants} />
    </div>
  );
}
