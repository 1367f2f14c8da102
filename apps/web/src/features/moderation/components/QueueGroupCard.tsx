import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { formatDate, formatTime } from '../../../lib/dates';
import type { ModerationReport, QueueGroup } from '../api';
import type { ReportAction } from '../mutations';
import { MemberBadges } from './MemberBadges';
import { memberPagePath, ReportCard } from './ReportCard';
import styles from './QueueGroupCard.module.css';

type Props = {
  group: QueueGroup;
  /** false when the member's role is not below the moderator's: reports are only filed away. */
  canSanction: boolean;
  onAction: (action: ReportAction, report: ModerationReport) => void;
};

/**
 * One reported member of the queue: how many open reports, why, since when, then each report
 * with its own buttons. The member's page has the history and the sanctions without a report.
 */
export function QueueGroupCard({ group, canSanction, onAction }: Props) {
  const { member, openCount, reasons, reports } = group;
  const page = memberPagePath(member.id);
  const hidden = openCount - reports.length;
  return (
    <article
      className={`card ${styles['group']}`}
      aria-label={`Signalements visant ${member.pseudo}`}
    >
      <header className={styles['group__head']}>
        <Avatar username={member.pseudo} picture={member.avatar} size={44} />
        <div className={styles['group__who']}>
          <h3 className={styles['group__name']}>
            <Link to={page}>{member.pseudo}</Link>
          </h3>
          <MemberBadges member={member} />
          <span className={styles['group__meta']}>
            <strong>
              {openCount} signalement{openCount > 1 ? 's' : ''} ouvert{openCount > 1 ? 's' : ''}
            </strong>{' '}
            · dernier le {formatDate(group.latestAt)} à {formatTime(group.latestAt)}
          </span>
        </div>
        <Link to={page} className={`btn btn--light btn--small ${styles['group__page']}`}>
          Fiche du membre
        </Link>
      </header>
      <ul className={styles['group__reasons']} aria-label="Motifs">
        {reasons.map((r) => (
          <li key={r.label} className={styles['group__reason']}>
            {r.label}
            {r.count > 1 && <span className={styles['group__times']}> × {r.count}</span>}
          </li>
        ))}
      </ul>
      <div className={styles['group__reports']}>
        {reports.map((r) => (
          <ReportCard
            key={r.id}
            report={r}
            grouped
            canSanction={canSanction}
            canSuspend={!group.member.heldAbove.suspension}
            onAction={onAction}
          />
        ))}
      </div>
      {hidden > 0 && (
        <p className={styles['group__more']}>
          Et {hidden} autre{hidden > 1 ? 's' : ''} : <Link to={page}>voir la fiche du membre</Link>
        </p>
      )}
    </article>
  );
}
