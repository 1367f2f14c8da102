import { useState } from 'react';
import { TEXTS } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { isApiError } from '../../../lib/api';
import { formatShortDate } from '../../../lib/dates';
import { usePastMatches } from '../../matches';
import { pastMatchLabel } from '../api';
import predictionsStyles from '../predictions.module.css';
import styles from './PastMatchPanel.module.css';
import { cx } from '../../../lib/cx';

/** Previous matches: dropdown, banner (crests, score, dd/mm/yy) and the four stat cards. */
export function PastMatchPanel() {
  const past = usePastMatches();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const matches = past.data ?? [];
  const match = matches.find((m) => m.id === selectedId) ?? matches[0];

  const stats = [
    { label: 'Scores exacts', value: match?.prono_scores_exacts, tone: 'exact' },
    { label: 'Bons résultats + diff. but', value: match?.prono_bons_resultats_diff, tone: 'diff' },
    { label: 'Bons résultats', value: match?.prono_bons_resultats, tone: 'result' },
    { label: 'Mauvais résultats', value: match?.prono_mauvais_resultats, tone: 'wrong' },
  ];
  const error = past.isError
    ? isApiError(past.error) && past.error.network
      ? TEXTS.listings.apiConnection2
      : TEXTS.listings.matchesError
    : null;

  return (
    <section className="prono__match card" aria-labelledby="prono-match-title">
      <div className={cx(predictionsStyles['prono__full-head'], styles['prono__match-head'])}>
        <h2 id="prono-match-title">Résultats des pronos</h2>
        <label className="visually-hidden" htmlFor="prono-match-select">
          Match précédent
        </label>
        <select
          id="prono-match-select"
          className={cx('input', predictionsStyles['prono__select'])}
          value={match?.id ?? ''}
          onChange={(e) => setSelectedId(Number(e.target.value))}
          disabled={matches.length === 0}
        >
          {matches.length === 0 && <option value="">Aucun match joué</option>}
          {matches.map((m) => (
            <option key={m.id} value={m.id}>
              {pastMatchLabel(m)}
            </option>
          ))}
        </select>
      </div>

      <div className={cx(styles['prono__banner'], 'on-dark')}>
        {match ? (
          <>
            <Crest name={match.club_dom.nom} logo={match.club_dom.logo} size={64} />
            <div className={styles['prono__banner-center']}>
              <p className={styles['prono__score']} data-testid="past-match-score">
                {match.buts_dom} – {match.buts_ext}
              </p>
              <p className={styles['prono__date']}>{formatShortDate(match.date)}</p>
            </div>
            <Crest name={match.club_ext.nom} logo={match.club_ext.logo} size={64} />
          </>
        ) : (
          <p className={styles['prono__banner-empty']} role={error ? 'alert' : undefined}>
            {error ?? (past.isPending ? 'Chargement…' : 'Aucun match terminé pour le moment.')}
          </p>
        )}
      </div>

      <ul className={styles['prono__stats']}>
        {stats.map((stat) => (
          <li
            key={stat.label}
            className={`${styles['prono__stat']} ${styles[`prono__stat--${stat.tone}`]}`}
            data-stat={stat.tone}
          >
            <span className={styles['prono__stat-value']} data-testid="stat-value">
              {stat.value ?? 0}
            </span>
            <span className={styles['prono__stat-label']}>{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
