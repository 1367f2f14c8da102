import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAudit } from '../api';
import { AuditList } from '../components/AuditList';
import { Pager } from '../components/Pager';
import styles from './ModerationJournalPage.module.css';

const FILTERS = [
  ['', 'Toutes les actions'],
  ['moderation.', 'Modération'],
  ['moderation.user.suspend', 'Suspensions'],
  ['moderation.user.ban', 'Bannissements'],
  ['moderation.user.lift', 'Levées de suspension'],
  ['news.', 'Actualités'],
  ['news.delete', 'Actualités supprimées'],
  ['contest.', 'Concours'],
  ['contest.delete', 'Concours supprimés'],
] as const;

/** /admin/journal: the audit log, newest first, read only. */
export default function ModerationJournalPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit(action, page);
  return (
    <section aria-labelledby="journal-title">
      <div className={styles['journal__head']}>
        <h2 id="journal-title" className={styles['journal__title']}>
          Journal des actions
        </h2>
        <label className={styles['journal__filter']}>
          <span className="visually-hidden">Filtrer les actions</span>
          <select
            className="input"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {audit.isPending && <p className="empty-state">Chargement…</p>}
      {audit.isError && (
        <p className="error-text" role="alert">
          {errorMessage(audit.error, 'Impossible de charger le journal.')}
        </p>
      )}
      {audit.data?.items.length === 0 && <p className="empty-state">Aucune action enregistrée.</p>}
      {audit.data && <AuditList items={audit.data.items} />}
      {audit.data && <Pager {...audit.data} onPage={setPage} />}
    </section>
  );
}
