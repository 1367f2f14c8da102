import { TEXTS, plural } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { formatDate } from '../../../lib/dates';
import { pointsTone, rankLine, useMesPronos, type PronoEntry } from '../api';
import styles from './MesPronosSection.module.css';
import { cx } from '../../../lib/cx';

type Props = { username: string; displayName: string };

/** Profile page 'Mes pronos' (spec section 2): one card per predicted finished match. */
export function MesPronosSection({ username, displayName }: Props) {
  const { data, isPending, isError } = useMesPronos(username);
  const entries = data?.pronos ?? [];

  let body;
  if (isPending) body = <LoadingOverlay label="Chargement des pronos…" />;
  else if (isError) body = <p className="error-text">{TEXTS.listings.matchesError}</p>;
  else if (entries.length === 0)
    body = (
      <p className="empty-state">{`${displayName} n'a réalisé aucun pronostic cette saison.`}</p>
    );
  else
    body = (
      <>
        {data?.classement_prono != null && (
          <p className={styles['mes-pronos__rank']}>
            {rankLine(data.classement_prono, data.totalUsers)}
          </p>
        )}
        <ul className={styles['mes-pronos__list']}>
          {entries.map((entry) => (
            <PronoCard key={`${entry.match_id}-${entry.date}`} entry={entry} />
          ))}
        </ul>
      </>
    );

  return (
    <section className={cx(styles['mes-pronos'], 'card')} aria-labelledby="mes-pronos-title">
      <h2 id="mes-pronos-title" className={styles['mes-pronos__title']}>
        Mes pronos
      </h2>
      {body}
    </section>
  );
}

function PronoCard({ entry }: { entry: PronoEntry }) {
  const { score_reel: real, pronostic } = entry;
  const tone = pointsTone(pronostic.points);
  const opponent = entry.nom_club_adverse || 'Adversaire';
  return (
    <li className={styles['prono-card']}>
      <span className={styles['prono-card__date']}>{formatDate(entry.date)}</span>
      <span
        className={styles['prono-card__venue']}
        role="img"
        aria-label={entry.domicile ? 'À domicile' : 'À l’extérieur'}
        title={entry.domicile ? 'À domicile' : 'À l’extérieur'}
      >
        {entry.domicile ? <HomeIcon /> : <PlaneIcon />}
      </span>
      <Crest name={opponent} logo={entry.logo_club_adverse} size={36} />
      <span
        className={styles['prono-card__score']}
        aria-label={`Score réel ${real.buts_dom} à ${real.buts_ext}`}
      >
        {real.buts_dom} - {real.buts_ext}
      </span>
      <span
        className={styles['prono-card__guess']}
        aria-label={`Prono ${pronostic.score_dom} à ${pronostic.score_ext}`}
      >
        {pronostic.score_dom} - {pronostic.score_ext}
      </span>
      <span
        className={`${styles['prono-card__points']} ${styles[`prono-card__points--${tone}`]}`}
        data-tone={tone}
      >
        +{plural(pronostic.points, 'point')}
      </span>
    </li>
  );
}

const HomeIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M3 11l9-8 9 8" />
    <path d="M5 10v10h14V10" />
  </svg>
);
const PlaneIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
    <path d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z" />
  </svg>
);
