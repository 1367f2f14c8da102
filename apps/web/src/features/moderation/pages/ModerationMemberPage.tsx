import { useRef } from 'react';
import { MODERATION_WORKSPACE_TEXTS as T } from '@munegu/shared';
import { Link, useParams } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { errorMessage, isApiError } from '../../../lib/api';
import { formatDate, formatTime } from '../../../lib/dates';
import { useModerationMember, type ModerationMember, type ModerationReport } from '../api';
import { CarpoolReliability } from '../components/CarpoolReliability';
import { roleName } from '@munegu/shared';
import { MemberBadges } from '../components/MemberBadges';
import { MemberSanctionActions } from '../components/MemberSanctionActions';
import { memberPagePath, ReportCard } from '../components/ReportCard';
import { SanctionDialog } from '../components/SanctionDialog';
import { SanctionHistory } from '../components/SanctionHistory';
import { useReportHandling } from '../useReportHandling';
import shared from '../moderation.module.css';
import styles from './ModerationMemberPage.module.css';
import { Email } from '../../../components/ui/Email';

const when = (iso: string) => `${formatDate(iso)} à ${formatTime(iso)}`;
const STATUS: Record<ModerationReport['status'], string> = {
  OPEN: 'ouvert',
  REVIEWED: 'traité',
  DISMISSED: 'classé',
};

/** /admin/moderation/membres/:id: everything a moderator needs to decide about one member. */
export default function ModerationMemberPage() {
  const { id = '' } = useParams();
  const page = useModerationMember(Number(id));
  return (
    <div className={styles['page']}>
      <Link to="/admin/moderation" className={styles['page__back']}>
        ← File de modération
      </Link>
      {page.isPending ? (
        <p className="empty-state">Chargement…</p>
      ) : page.isError ? (
        <p className="error-text card empty-state" role="alert">
          {isApiError(page.error) && page.error.status === 404
            ? T.memberNotFound
            : errorMessage(page.error, T.memberFailed)}
        </p>
      ) : (
        <MemberFile data={page.data} />
      )}
    </div>
  );
}

/** What is in force, with its end and the moderator's reason. */
function InForce({ member }: { member: ModerationMember['member'] }) {
  const lines: [string, string | null][] = [];
  if (member.status === 'SUSPENDED')
    lines.push([
      member.suspendedUntil
        ? `Suspendu jusqu’au ${when(member.suspendedUntil)}`
        : 'Banni jusqu’à nouvel ordre',
      member.suspensionReason,
    ]);
  if (member.silencedUntil)
    lines.push([`Réduit au silence jusqu’au ${when(member.silencedUntil)}`, member.silenceReason]);
  if (lines.length === 0) return <p className={styles['state--none']}>Aucune sanction en cours.</p>;
  return (
    <ul className={styles['state']} aria-label="Sanctions en cours">
      {lines.map(([what, why]) => (
        <li key={what}>
          <strong>{what}</strong>
          {why && <span className={styles['state__reason']}>« {why} »</span>}
        </li>
      ))}
    </ul>
  );
}

function MemberFile({ data }: { data: ModerationMember }) {
  const { member } = data;
  const open = data.openReports;
  const { title, open: act, dialog } = useReportHandling(data);
  // Where the focus goes after a sanction whose button is then gone (Suspendre once suspended).
  const inForceTitle = useRef<HTMLHeadingElement>(null);
  return (
    <div className={styles['file']}>
      <section className={`card ${styles['identity']}`} aria-labelledby="member-title">
        <header className={styles['identity__head']}>
          <Avatar username={member.pseudo} picture={member.avatar} size={64} />
          <div className={styles['identity__who']}>
            <h2 id="member-title" className={styles['identity__name']}>
              {member.pseudo}
            </h2>
            <div className={styles['identity__badges']}>
              <MemberBadges member={member} />
            </div>
          </div>
        </header>
        <dl className={styles['identity__facts']}>
          <div>
            <dt>Adresse e-mail</dt>
            <dd>
              <Email address={member.email} />
            </dd>
          </div>
          <div>
            <dt>Rôle</dt>
            <dd>{roleName(member.role)}</dd>
          </div>
          <div>
            <dt>Inscrit le</dt>
            <dd>{formatDate(member.createdAt)}</dd>
          </div>
        </dl>
        {/* A suspended or banned member's profile is hidden from everyone (it answers /404). */}
        {member.status === 'ACTIVE' && (
          <Link to={`/profil/${encodeURIComponent(member.pseudo)}`}>Voir le profil public</Link>
        )}
        <h3 className={styles['file__title']} ref={inForceTitle} tabIndex={-1}>
          Sanctions en cours
        </h3>
        <InForce member={member} />
        <MemberSanctionActions data={data} fallbackFocus={inForceTitle} />
        <h3 className={styles['file__title']}>Fiabilité en covoiturage</h3>
        <CarpoolReliability carpool={data.carpool} />
      </section>

      <div className={styles['file__main']}>
        <section className={`card ${styles['block']}`} aria-labelledby="sanctions-title">
          <h3 id="sanctions-title" className={styles['file__title']}>
            Historique des sanctions
          </h3>
          <SanctionHistory entries={data.sanctions} />
        </section>

        <section className={`card ${styles['block']}`} aria-labelledby="about-title">
          <h3 id="about-title" className={styles['file__title']} ref={title} tabIndex={-1}>
            Signalements le visant
            {data.reportsVisible &&
              ` (${data.reportsAboutTotal}, dont ${open} ouvert${open > 1 ? 's' : ''})`}
          </h3>
          {!data.reportsVisible ? (
            <p className="empty-state">
              Les signalements visant un membre de l’équipe sont réservés aux administrateurs.
            </p>
          ) : data.reportsAbout.length === 0 ? (
            <p className="empty-state">Aucun signalement.</p>
          ) : (
            <div className={styles['block__list']}>
              {data.reportsAbout.map((r) => (
                <ReportCard
                  key={r.id}
                  report={r}
                  grouped
                  canSanction={data.canSanction}
                  canSuspend={!data.member.heldAbove.suspension}
                  onAction={act}
                />
              ))}
              {data.reportsAboutTotal > data.reportsAbout.length && (
                <p className={styles['block__more']}>
                  Les {data.reportsAbout.length} plus récents sur {data.reportsAboutTotal}.
                </p>
              )}
            </div>
          )}
        </section>

        <section className={`card ${styles['block']}`} aria-labelledby="by-title">
          <h3 id="by-title" className={styles['file__title']}>
            Signalements qu’il ou elle a faits ({data.reportsByTotal})
          </h3>
          {data.reportsBy.length === 0 ? (
            <p className="empty-state">Aucun signalement.</p>
          ) : (
            <ul className={shared['stack']}>
              {data.reportsBy.map((r) => (
                <li key={r.id} className={styles['by__row']}>
                  <span>
                    Contre <Link to={memberPagePath(r.reported.id)}>{r.reported.pseudo}</Link> :{' '}
                    {r.reason}
                  </span>
                  <span className={styles['by__meta']}>
                    le {when(r.createdAt)} · {STATUS[r.status]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <SanctionDialog {...dialog} pseudo={member.pseudo} />
    </div>
  );
}
