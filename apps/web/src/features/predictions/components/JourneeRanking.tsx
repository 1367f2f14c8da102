import { useState } from 'react';
import { usePastMatches } from '../../matches';
import { useJourneeRanking } from '../api';
import { rankingError } from './GeneralRanking';
import { RankingRows } from './RankingRows';
import predictionsStyles from '../predictions.module.css';
import { cx } from '../../../lib/cx';

/** The ranking as it stood after one round, with movement arrows (▲2 / ▼1 / =). */
export function JourneeRanking({ meId }: { meId: number | undefined }) {
  const past = usePastMatches();
  const rounds = [...new Set((past.data ?? []).map((m) => m.journee))].sort((a, b) => b - a);
  const [picked, setPicked] = useState<number | null>(null);
  const journee = picked ?? rounds[0] ?? null;
  const ranking = useJourneeRanking(journee);

  return (
    <div className="card prono__full">
      <div className={predictionsStyles['prono__full-head']}>
        <h2 className={predictionsStyles['prono__section-title']}>Classement par journée</h2>
        <label className="visually-hidden" htmlFor="prono-journee-select">
          Journée
        </label>
        <select
          id="prono-journee-select"
          className={cx('input', predictionsStyles['prono__select'])}
          value={journee ?? ''}
          onChange={(e) => setPicked(Number(e.target.value))}
          disabled={rounds.length === 0}
        >
          {rounds.length === 0 && <option value="">Aucune journée jouée</option>}
          {rounds.map((j) => (
            <option key={j} value={j}>
              Journée {j}
            </option>
          ))}
        </select>
      </div>
      {journee === null ? (
        <p className="empty-state">Aucune journée jouée pour le moment.</p>
      ) : ranking.isError ? (
        <p className="error-text" role="alert">
          {rankingError(ranking.error)}
        </p>
      ) : ranking.isPending ? (
        <p className="empty-state">Chargement…</p>
      ) : ranking.data.rows.length === 0 ? (
        <p className="empty-state">Personne n’est encore classé pour cette journée.</p>
      ) : (
        <RankingRows rows={ranking.data.rows} meId={meId} movement />
      )}
    </div>
  );
}
