import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { formatDate, formatTime } from '../../../lib/dates';
import type { ModerationReport } from '../api';
import type { ReportAction } from '../mutations';
import { SuspensionBadge } from './SuspensionBadge';
import { cx } from '../../../lib/cx';
import shared from '../moderation.module.css';
import styles from './ReportCard.module.css';
import { Button } from '../../../components/ui/Button';

const SECTIONS: Record<string, string> = {
  profil: 'Profil',
  covoiturage: 'Covoiturage',
  message: 'Message privé',
  actualite: 'Actualité',
};

const when = (iso: string) => `${formatDate(iso)} à ${formatTime(iso)}`;

type Props = {
  report: ModerationReport;
  /** false when the reported member's role is not below the moderator's: only 'Classer'. */
  canSanction: boolean;
  /**
   * false when a higher rank than the moderator's suspended the member: that suspension is
   * theirs to change, so neither 'Suspendre' nor 'Bannir' (the server would refuse them).
   */
  canSuspend?: boolean;
  onAction: (action: ReportAction, report: ModerationReport) => void;
  /**
   * Inside the reported member's group (queue, member page): the member is named by the
   * group, so the card starts with who reported and when.
   */
  grouped?: boolean;
};

/** Where a moderator reads about a member: their moderation page, not the public profile. */
export const memberPagePath = (id: number) => `/admin/moderation/membres/${id}`;

/** One report of the queue: who reported whom, why, about what, and the moderator's buttons. */
export function ReportCard({
  report,
  canSanction,
  canSuspend = true,
  onAction,
  grouped = false,
}: Props) {
  const { reported, reporter, context } = report;
  // A message reported from a group thread was not private: say where it was written.
  const sectionLabel =
    context.type === 'group_message'
      ? 'Message de groupe'
      : (SECTIONS[report.section] ?? report.section);
  const section = <span className={styles['report__section']}>{sectionLabel}</span>;
  return (
    <article
      className={`card ${styles['report']}${grouped ? ` ${styles['report--grouped']}` : ''}`}
      aria-label={`Signalement de ${reported.pseudo}`}
    >
      {grouped ? (
        <header className={styles['report__head']}>
          <span className={styles['report__by']}>
            Par <Link to={memberPagePath(reporter.id)}>{reporter.pseudo}</Link> le{' '}
            {when(report.createdAt)}
          </span>
          {section}
        </header>
      ) : (
        <header className={styles['report__head']}>
          <Avatar username={reported.pseudo} picture={reported.avatar} size={40} />
          <div className={styles['report__who']}>
            <Link to={memberPagePath(reported.id)}>{reported.pseudo}</Link>
            <SuspensionBadge status={reported.status} until={reported.suspendedUntil} />
            <span className={styles['report__meta']}>
              signalé par {reporter.pseudo} le {when(report.createdAt)}
            </span>
          </div>
          {section}
        </header>
      )}
      <p className={styles['report__reason']}>
        <strong>Motif :</strong> {report.reason}
      </p>
      {report.customReason && <p className={styles['report__text']}>{report.customReason}</p>}
      {context.match && (
        <p className={styles['report__context']}>
          Covoiturage du match contre {context.match.opponent}, le {when(context.match.kickoffAt)}
        </p>
      )}
      {context.messageText !== null && (
        <blockquote className={styles['report__quote']}>{context.messageText}</blockquote>
      )}
      {report.status !== 'OPEN' && (
        <p className={styles['report__context']}>
          {report.status === 'DISMISSED' ? 'Classé' : 'Traité'}
          {report.handledBy ? ` par ${report.handledBy.pseudo}` : ''}
          {report.handledAt ? ` le ${when(report.handledAt)}` : ''}
        </p>
      )}
      {report.status === 'OPEN' && (
        <div className={cx(shared['actions'], styles['report__actions'])}>
          <Button variant="light" onClick={() => onAction('dismiss', report)}>
            Classer
          </Button>
          {canSanction && (
            <>
              <Button variant="light" onClick={() => onAction('warn', report)}>
                Avertir
              </Button>
              {canSuspend && (
                <>
                  <Button variant="primary" onClick={() => onAction('suspend', report)}>
                    Suspendre
                  </Button>
                  <Button variant="danger" onClick={() => onAction('ban', report)}>
                    Bannir
                  </Button>
                </>
              )}
            </>
          )}
        </div>
      )}
    </article>
  );
}
