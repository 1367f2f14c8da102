import { useState } from 'react';
import type { ClubDetail } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { errorMessage } from '../../../lib/api';
import { useAdminClubs } from '../api';
import { ClubForm } from '../components/ClubForm';
import { Dialog } from '../../../components/ui/Dialog';
import adminStyles from '../admin.module.css';
import { AdminHead, AdminPanel } from '../components/AdminPanel';
import styles from './AdminClubsPage.module.css';
import { Button } from '../../../components/ui/Button';

/** /admin/clubs: the clubs with their stadium, city, department and crest. */
export default function AdminClubsPage() {
  const clubs = useAdminClubs();
  const [editing, setEditing] = useState<{ club: ClubDetail | null } | null>(null);
  return (
    <AdminPanel titleId="admin-clubs-title">
      <AdminHead titleId="admin-clubs-title" title="Clubs">
        <Button variant="primary" onClick={() => setEditing({ club: null })}>
          Nouveau club
        </Button>
      </AdminHead>
      {clubs.isError ? (
        <p className="error-text">{errorMessage(clubs.error, 'Une erreur est survenue.')}</p>
      ) : clubs.isPending ? (
        <p className="empty-state">Chargement…</p>
      ) : (
        <ul className={styles['admin__clubs']}>
          {clubs.data.map((club) => (
            <li key={club.id} className={styles['admin__club']}>
              <Crest name={club.nom} logo={club.logo} size={40} />
              <div className={styles['admin__club-info']}>
                <strong>{club.nom}</strong>
                <span className={adminStyles['admin__muted']}>
                  {club.nomStade} · {club.ville} ({club.departement_club})
                </span>
              </div>
              <Button
                variant="outline"
                small
                aria-label={`Modifier ${club.nom}`}
                onClick={() => setEditing({ club })}
              >
                Modifier
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        wide
        closeButton
        open={editing !== null}
        title={editing?.club ? `Modifier ${editing.club.nom}` : 'Nouveau club'}
        onClose={() => setEditing(null)}
      >
        {editing && <ClubForm club={editing.club} onDone={() => setEditing(null)} />}
      </Dialog>
    </AdminPanel>
  );
}
