import { useMemo, useState } from 'react';
import { MESSAGES } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Crest } from '../../../components/ui/Crest';
import { SearchIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth';
import { formatShortDate } from '../../../lib/dates';
import { usePastMatches } from '../../matches/api';
import { pastMatchLabel, useLeaderboard, type LeaderboardRow } from '../api';
import './PronoPage.css';

const PODIUM_ORDER = [1, 0, 2] as const; // 2nd, 1st, 3rd from left to right

export default function PronoPage() {
  const { user } = useAuth();
  const past = usePastMatches();
  const board = useLeaderboard();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [search, setSearch] = useState('');

  const matches = past.data ?? [];
  const match = matches.find((m) => m.id === selectedId) ?? matches[0];
  const rows = board.data;
  const top3: (LeaderboardRow | null)[] = [0, 1, 2].map((i) => rows?.[i] ?? null);
  // The full ranking starts at rank 4; the search filters it by pseudo.
  const rest = useMemo(() => {
    const query = search.trim().toLowerCase();
    return (rows ?? [])
      .slice(3)
      .filter((row) => !query || row.username.toLowerCase().includes(query));
  }, [rows, search]);

  const stats = [
    { label: 'Scores exacts', value: match?.prono_scores_exacts, tone: 'exact' },
    { label: 'Bons résultats + diff. but', value: match?.prono_bons_resultats_diff, tone: 'diff' },
    { label: 'Bons résultats', value: match?.prono_bons_resultats, tone: 'result' },
    { label: 'Mauvais résultats', value: match?.prono_mauvais_resultats, tone: 'wrong' },
  ];

  return (
    <div className="page prono">
      <h1 className="page__title">Jeu du prono</h1>

      <section className="prono__match card" aria-labelledby="prono-match-title">
        <div className="prono__match-head">
          <h2 id="prono-match-title">Résultats des pronos</h2>
          <label className="visually-hidden" htmlFor="prono-match-select">
            Match précédent
          </label>
          <select
            id="prono-match-select"
            className="input prono__select"
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

        <div className="prono__banner on-dark">
          {match ? (
            <>
              <Crest name={match.club_dom.nom} logo={match.club_dom.logo} size={64} />
              <div className="prono__banner-center">
                <p className="prono__score">
                  {match.buts_dom ?? '-'} – {match.buts_ext ?? '-'}
                </p>
                <p className="prono__date">{formatShortDate(match.date)}</p>
              </div>
              <Crest name={match.club_ext.nom} logo={match.club_ext.logo} size={64} />
            </>
          ) : (
            <p className="prono__banner-empty">
              {past.isError
                ? MESSAGES.listings.matchesError
                : 'Aucun match terminé pour le moment.'}
            </p>
          )}
        </div>

        <ul className="prono__stats">
          {stats.map((stat) => (
            <li key={stat.label} className={`prono__stat prono__stat--${stat.tone}`}>
              <span className="prono__stat-value">{stat.value ?? 0}</span>
              <span className="prono__stat-label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="prono__ranking" aria-labelledby="prono-top-title">
        <h2 id="prono-top-title" className="prono__section-title">
          TOP 3
        </h2>
        <ol className="podium">
          {PODIUM_ORDER.map((index) => {
            const row = top3[index] ?? null;
            const name = row?.username ?? 'Inconnu';
            return (
              <li
                key={index}
                className={`podium__step podium__step--${index + 1}`}
                value={index + 1}
              >
                <Avatar
                  username={name}
                  picture={row?.profile_picture}
                  size={index === 0 ? 72 : 56}
                />
                <span className="podium__name">{name}</span>
                <span className="podium__pts">{row?.pts_prono ?? 0} pts</span>
                <span className="podium__block" aria-hidden="true">
                  {index + 1}
                </span>
              </li>
            );
          })}
        </ol>

        <div className="card prono__full">
          <div className="prono__full-head">
            <h2 className="prono__section-title">Classement complet</h2>
            <div className="prono__search">
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
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          {board.isError ? (
            <p className="error-text">{MESSAGES.listings.leagueError}</p>
          ) : rest.length === 0 ? (
            <p className="empty-state">
              {search
                ? 'Aucun pseudo ne correspond à la recherche.'
                : 'Pas encore d’autres joueurs classés.'}
            </p>
          ) : (
            <ol className="prono__list">
              {rest.map((row) => {
                const me = user?.id === row.id;
                return (
                  <li
                    key={row.id}
                    className={me ? 'is-me' : undefined}
                    aria-current={me ? 'true' : undefined}
                  >
                    <span className="prono__rank">{row.classement_prono}</span>
                    <Avatar username={row.username} picture={row.profile_picture} size={32} />
                    <span className="prono__pseudo">{row.username}</span>
                    <span className="prono__points">{row.pts_prono} pts</span>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </section>
    </div>
  );
}
