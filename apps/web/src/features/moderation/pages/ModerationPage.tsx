import { hasRole, ROLES, type Role } from '@munegu/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useReports, type ModerationReport } from '../api';
import { ReportCard } from '../components/ReportCard';
import { Pager } from '../components/Pager';
import { SanctionDialog } from '../components/SanctionDialog';
import { SuspendedList } from '../components/SuspendedList';
import { useReportAction, type ReportAction } from '../mutations';
import styles from './ModerationPage.module.css';

/** A moderator sanctions only members below their own role (the server checks it too). */
function outranks(viewer: string | undefined, target: string): boolean {
  const above = ROLES[ROLES.indexOf(target as Role) + 1];
  return above !== undefined && hasRole(viewer, above);
}

/** /admin/moderation: the open reports, then the suspended and banned members. */
export default function ModerationPage() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const reports = useReports('OPEN', page);
  const act = useReportAction();
  const [pending, setPending] = useState<{ action: ReportAction; report: ModerationReport } | null>(
    null,
  );

  return (
    <div className={styles['moderation']}>
      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className={styles['moderation__title']}>
          Signalements à traiter{reports.data ? ` (${reports.data.total})` : ''}
        </h2>
        {reports.isPending && <p className="empty-state">Chargement…</p>}
        {reports.isError && (
          <p className="error-text" role="alert">
            {errorMessage(reports.error, 'Impossible de charger les signalements.')}
          </p>
        )}
        {reports.data?.items.length === 0 && (
          <p className="empty-state">Aucun signalement en attente.</p>
        )}
        <div className={styles['moderation__list']}>
          {reports.data?.items.map((r) => (
            <ReportCard
              key={r.id}
              report={r}
              canSanction={
                r.reported.id !== user?.id && outranks(user?.role?.libelle, r.reported.role)
              }
              onAction={(action, report) => setPending({ action, report })}
            />
          ))}
        </div>
        {reports.data && <Pager {...reports.data} onPage={setPage} />}
      </section>
      <section aria-labelledby="suspended-title">
        <h2 id="suspended-title" className={styles['moderation__title']}>
          Membres sanctionnés
        </h2>
        <SuspendedList />
      </section>
      <SanctionDialog
        kind={pending?.action ?? null}
        pseudo={pending?.report.reported.pseudo ?? ''}
        onClose={() => setPending(null)}
        onSubmit={(input) =>
          act.mutateAsync({ action: pending!.action, id: pending!.report.id, ...input })
        }
      />
    </div>
  );
}
