import { useState } from 'react';
import { silencedBadgeText } from '@munegu/shared';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Avatar } from '../../../components/ui/Avatar';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { InstagramIcon, MessageIcon, XLogoIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth';
import { formatMemberSince } from '../../../lib/dates';
import { isDeletedUsername, useProfile } from '../api';
import { AvatarEditor } from '../components/AvatarEditor';
import { EditProfileDialog } from '../components/EditProfileDialog';
import { ReportDialog } from '../../reports';
import { CarpoolRecord, StadiumSections } from '../components/StadiumSections';
import { MesPronosSection } from '../../predictions';
import styles from './ProfilePage.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';

/** How many titles show before 'Voir plus' (the original limit is not documented). */
const TITLES_SHOWN = 3;

export default function ProfilePage() {
  const { username = '' } = useParams();
  const { user } = useAuth();
  const profile = useProfile(username);
  const [allTitles, setAllTitles] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  /** After an own change (its mutation refreshed the page and the navbar): say how it went. */
  const changed = (outcome: { ok: boolean; message: string }) => setResult(outcome);

  // Deleted accounts and unknown pseudos are 404s (spec section 2).
  if (isDeletedUsername(username)) return <Navigate to="/404" replace />;
  if (profile.isPending) return <LoadingOverlay fullScreen />;
  if (profile.data === null) return <Navigate to="/404" replace />;
  if (profile.isError || !profile.data) {
    return (
      <div className="page page--narrow">
        <p className="empty-state card error-text">Une erreur est survenue.</p>
      </div>
    );
  }

  const p = profile.data;
  const own = user?.id === p.id;
  const titles = [...(p.titres ?? [])].sort((a, b) => b.importance - a.importance);
  const shownTitles = allTitles ? titles : titles.slice(0, TITLES_SHOWN);
  const antennas = (p.antennes ?? []).slice(0, 2);

  return (
    <div className={cx('page', styles['profile'])}>
      <aside className={cx(styles['profile__side'], 'card')} aria-label={`Profil de ${p.username}`}>
        <Avatar
          username={p.username}
          picture={p.profile_picture}
          size={120}
          className={styles['profile__avatar']}
        />
        {own && <AvatarEditor hasPicture={Boolean(p.profile_picture)} onDone={changed} />}
        <h1 className={styles['profile__name']}>{p.username}</h1>
        {/* Only in a moderator's or an administrator's answer (the API tells no one else). */}
        {p.silencedUntil && (
          <p className={styles['profile__silenced']}>
            {silencedBadgeText(new Date(p.silencedUntil))}
          </p>
        )}
        {p.poste && <p className={styles['profile__poste']}>{p.poste}</p>}
        {antennas.length > 0 && (
          <p className={styles['profile__antennas']}>
            {antennas.map((a, i) => (
              <span key={a.id ?? a.nom}>
                {i > 0 && ' / '}
                {a.lien ? (
                  <a href={a.lien} target="_blank" rel="noopener noreferrer">
                    {a.nom}
                  </a>
                ) : (
                  a.nom
                )}
              </span>
            ))}
          </p>
        )}
        <CarpoolRecord username={p.username} note={p.note_covoiturage ?? null} />
        {p.created_at && (
          <p className={styles['profile__since']}>{formatMemberSince(p.created_at)}</p>
        )}
        {p.description && <p className={styles['profile__description']}>{p.description}</p>}
        {titles.length > 0 && (
          <div className={styles['profile__titles']}>
            <ul>
              {shownTitles.map((t) => (
                <li key={t.libelle} style={{ borderColor: t.couleur, color: t.couleur }}>
                  {t.libelle}
                </li>
              ))}
            </ul>
            {titles.length > TITLES_SHOWN && (
              <button
                type="button"
                className="link-button"
                aria-expanded={allTitles}
                onClick={() => setAllTitles((v) => !v)}
              >
                {allTitles ? 'Voir moins' : 'Voir plus'}
              </button>
            )}
          </div>
        )}
        {(p.x_username || p.insta_username) && (
          <ul className={styles['profile__socials']}>
            {p.x_username && (
              <li>
                <a
                  href={`https://x.com/${encodeURIComponent(p.x_username)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <XLogoIcon size={16} /> @{p.x_username}
                </a>
              </li>
            )}
            {p.insta_username && (
              <li>
                <a
                  href={`https://www.instagram.com/${encodeURIComponent(p.insta_username)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <InstagramIcon size={16} /> @{p.insta_username}
                </a>
              </li>
            )}
          </ul>
        )}
        <div className={styles['profile__actions']}>
          {own ? (
            <Button variant="outline" small onClick={() => setEditing(true)}>
              Modifier mon profil
            </Button>
          ) : user ? (
            <>
              <Link
                to={`/messages/${encodeURIComponent(p.username)}`}
                className="btn btn--primary btn--small"
              >
                <MessageIcon size={16} /> Envoyer un message
              </Link>
              <Button variant="ghost" small onClick={() => setReporting(true)}>
                Signaler
              </Button>
            </>
          ) : null}
        </div>
      </aside>

      <div className={styles['profile__main']}>
        <MesPronosSection username={p.username} displayName={p.username} />
        <StadiumSections username={p.username} own={own} />
      </div>

      {own && editing && (
        <EditProfileDialog
          profile={p}
          open
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            changed({ ok: true, message });
          }}
        />
      )}
      {!own && user && (
        <ReportDialog
          userId={p.id}
          username={p.username}
          open={reporting}
          onClose={() => setReporting(false)}
          onDone={(outcome) => {
            setReporting(false);
            setResult(outcome);
          }}
        />
      )}
      <ResultPopup
        open={result !== null}
        status={result?.ok === false ? 'error' : 'success'}
        message={result?.message ?? ''}
        onClose={() => setResult(null)}
      />
    </div>
  );
}
