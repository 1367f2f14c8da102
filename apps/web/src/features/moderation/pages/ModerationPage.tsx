import { hasRole, MODERATION_WORKSPACE_TEXTS as T, ROLES, type Role } from '@munegu/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useQueue } from '../api';
import { MemberSearch } from '../components/MemberSearch';
import { Pager } from '../components/Pager';
import { QueueGroupCard } from '../components/QueueGroupCard';
import { SanctionDialog } from '../components/SanctionDialog';
import { SuspendedList } from '../components/SuspendedList';
import { useReportHandling } from '../useReportHandling';
import styles from './ModerationPage.module.css';

/** A moderator sanctions only members below their own role (the server checks it too). */
function outranks(viewer: string | undefined, target: string): boolean {
  const above = ROLES[ROLES.indexOf(target as Role) + 1];
  return above !== undefined && hasRole(viewer, above);
}

/**
 * /admin/moderation, where every operator lands: the member search, the open reports grouped
 * per reported member (most reported first), then the suspended and banned members.
 */
export default function ModerationPage() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const queue = useQueue(page);
  const { title, open: act, pending, dialog } = useReportHandling(queue.data);
  const open = queue.data?.open ?? 0;
  const members = queue.data?.total ?? 0;
  // Handling the last member of the last page empties it (the Pager then hides): the page the
  // queue now ends on is asked instead of saying that nothing is waiting.
  const lastPage = queue.data ? Math.max(1, Math.ceil(members / queue.data.pageSize)) : page;
  const emptied = queue.data?.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (emptied) setPage(lastPage);
  }, [emptied, lastPage]);

  return (
    <div className={styles['moderation']}>
      <MemberSearch />
      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className={styles['moderation__title']} ref={title} tabIndex={-1}>
          Signalements à traiter{queue.data ? ` (${open})` : ''}
        </h2>
        {queue.data && open > 0 && (
          <p className={styles['moderation__lead']}>
            {members} membre{members > 1 ? 's' : ''} signalé{members > 1 ? 's' : ''}, les plus
            signalés d’abord.
          </p>
        )}
        {queue.isPending && <p className="empty-state">Chargement…</p>}
        {queue.isError && (
          <p className="error-text" role="alert">
            {errorMessage(queue.error, T.queueFailed)}
          </p>
        )}
        {queue.data?.items.length === 0 && !emptied && (
          <p className="empty-state">Aucun signalement en attente.</p>
        )}
        <div className={styles['moderation__list']}>
          {queue.data?.items.map((group) => (
            <QueueGroupCard
              key={group.member.id}
              group={group}
              canSanction={
                group.member.id !== user?.id && outranks(user?.role?.libelle, group.member.role)
              }
              onAction={act}
            />
          ))}
        </div>
        {queue.data && <Pager {...queue.data} onPage={setPage} />}
      </section>
      <section aria-labelledby="suspended-title">
        <h2 id="suspended-title" className={styles['moderation__title']}>
          Membres sanctionnés
        </h2>
        <SuspendedList />
      </section>
      <SanctionDialog {...dialog} pseudo={pending?.report.reported.pseudo ?? ''} />
    </div>
  );
}
