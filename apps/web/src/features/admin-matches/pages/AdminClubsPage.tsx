import { useState } from 'react';
import type { ClubDetail } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { errorMessage } from '../../../lib/api';
import { useAdminClubs } from '../api';
import { ClubForm } from '../components/ClubForm';
import { Dialog } from '../../../components/ui/Dialog';
import adminStyles from '../admin.module.css';
import styles from './AdminClubsPage.module.css';
import { cx } from '../../../lib/cx';

/** /admin/clubs: the clubs with their stadium, city, department and crest. */
export default function AdminClubsPage() {
  const clubs = useAdminClubs();
  const [editing, setEditing] = useState<{ club: ClubDetail | null } | null>(null);
  return (
    <section
      className={cx('card', adminStyles['admin__panel'])}
      aria-labelledby="admin-clubs-title"
    >
      <div className={adminStyles['admin__head']}>
        <h2 id="admin-clubs-title">Clubs</h2>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setEditing({ club: null })}
        >
          Nouveau club
        </button>
      </div>
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
              <button
                type="button"
                className="btn btn--outline btn--small"
                aria-label={`Modifier ${club.nom}`}
                onClick={() => setEditing({ club })}
              >
                Modifier
              </button>
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
    </section>
  );
}
