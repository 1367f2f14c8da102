import { useEffect, useState } from 'react';
import { LIMITS, TEXTS } from '@munegu/shared';
import { SearchIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api';
import { rankLine, useLeaderboard } from '../api';
import { Podium } from './Podium';
import { RankingRows } from './RankingRows';
import predictionsStyles from '../predictions.module.css';
import styles from './GeneralRanking.module.css';

export const rankingError = (error: unknown) =>
  isApiError(error) && error.network ? TEXTS.listings.apiConnection2 : TEXTS.listings.leagueError;

/** TOP 3 podium, then 'Classement complet' from rank 4 with the pseudo search. */
export function GeneralRanking({ meId }: { meId: number | undefined }) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  // Debounced (300 ms) and only from 2 characters (spec section 9), like other searches.
  useEffect(() => {
    const id = window.setTimeout(
      () => setQuery(search.trim().length >= LIMITS.searchMinChars ? search.trim() : ''),
      LIMITS.searchDebounceMs,
    );
    return () => window.clearTimeout(id);
  }, [search]);

  const all = useLeaderboard();
  const filtered = useLeaderboard(query);
  const top = all.data?.rows ?? [];
  const me = all.data?.me ?? null;
  // Without a search the list starts at the 4th row; a search looks through everyone.
  const listed = query ? filtered : all;
  const rest = query ? (filtered.data?.rows ?? []) : top.slice(3);

  return (
    <>
      {me && all.data && (
        <p className={styles['prono__me-line']} role="status">
          {rankLine(me.classement_prono, all.data.total)}
        </p>
      )}
      <h2 id="prono-top-title" className={predictionsStyles['prono__section-title']}>
        TOP 3
      </h2>
      <Podium rows={top.slice(0, 3)} />

      <div className="card prono__full">
        <div className={predictionsStyles['prono__full-head']}>
          <h2 className={predictionsStyles['prono__section-title']}>Classement complet</h2>
          <div className={styles['prono__search']}>
            <SearchIcon size={18} />
            <label className="visually-hidden" htmlFor="prono-search">
              Rechercher un pseudo
            </label>
            <input
              id="prono-search"
              type="search"
              className="input"
              placeholder="Rechercher un pseudo..."
              value={search}
              maxLength={30}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        {(all.isError && !all.data) || (query && filtered.isError && !filtered.data) ? (
          <p className="error-text" role="alert">
            {rankingError(all.error ?? filtered.error)}
          </p>
        ) : all.isPending ? (
          <p className="empty-state">Chargement…</p>
        ) : rest.length === 0 ? (
          <p className="empty-state">
            {query
              ? 'Aucun pseudo ne correspond à la recherche.'
              : 'Pas encore d’autres joueurs classés.'}
          </p>
        ) : (
          <>
            <RankingRows rows={rest} meId={meId} />
            {listed.isFetchNextPageError && (
              <p className="error-text" role="alert">
                {rankingError(listed.error)}
              </p>
            )}
            {/* Later pages only on demand: the page's first render keeps one page of rows. Not
                while a new search shows the previous rows: their next page is not its next. */}
            {listed.hasNextPage && !listed.isPlaceholderData && (
              <button
                type="button"
                className="link-button"
                disabled={listed.isFetchingNextPage}
                onClick={() => void listed.fetchNextPage()}
              >
                Voir plus
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
