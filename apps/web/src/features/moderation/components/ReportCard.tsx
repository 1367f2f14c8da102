import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { formatDate, formatTime } from '../../../lib/dates';
import type { ModerationReport } from '../api';
import type { ReportAction } from '../mutations';
import { SuspensionBadge } from './SuspensionBadge';
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
  onAction: (action: ReportAction, report: ModerationReport) => void;
};

/** One report of the queue: who reported whom, why, about what, and the moderator's buttons. */
export function ReportCard({ report, canSanction, onAction }: Props) {
  const { reported, reporter, context } = report;
  return (
    <article
      className={`card ${styles['report']}`}
      aria-label={`Signalement de ${reported.pseudo}`}
    >
      <header className={styles['report__head']}>
        <Avatar username={reported.pseudo} picture={reported.avatar} size={40} />
        <div className={styles['report__who']}>
          <Link to={`/profil/${encodeURIComponent(reported.pseudo)}`}>{reported.pseudo}</Link>
          <SuspensionBadge status={reported.status} until={reported.suspendedUntil} />
          <span className={styles['report__meta']}>
            signalé par {reporter.pseudo} le {when(report.createdAt)}
          </span>
        </div>
        <span className="chip">{SECTIONS[report.section] ?? report.section}</span>
      </header>
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
      {report.status === 'OPEN' && (
        <div className={styles['report__actions']}>
          <Button variant="light" onClick={() => onAction('dismiss', report)}>
            Classer
          </Button>
          {canSanction && (
            <>
              <Button variant="light" onClick={() => onAction('warn', report)}>
                Avertir
              </Button>
              <Button variant="primary" onClick={() => onAction('suspend', report)}>
                Suspendre
              </Button>
              <Button variant="danger" onClick={() => onAction('ban', report)}>
                Bannir
              </Button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
