import { TEXTS } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useLeagueTable } from '../../matches';
import styles from './LeagueTablePanel.module.css';
import { cx } from '../../../lib/cx';

/** Columns #, crest, MJ, Points, +/-; AS Monaco's row is highlighted (spec section 2). */
export function LeagueTablePanel({ id, hidden = false }: { id?: string; hidden?: boolean }) {
  const { data: rows, isPending, isError } = useLeagueTable();
  return (
    <section
      id={id}
      className={cx(styles['league'], 'card')}
      aria-labelledby="league-title"
      hidden={hidden}
    >
      <h2 id="league-title" className={styles['league__title']}>
        Classement Ligue 1
      </h2>
      {/* Hidden (a phone, until the toggle opens it): its 20 rows and crests are neither
          rendered nor fetched, so they do not delay the page's first paint. */}
      {hidden ? null : isPending ? (
        <LoadingOverlay label="Chargement du classement…" />
      ) : isError ? (
        <p className="error-text">{TEXTS.listings.leagueError}</p>
      ) : rows.length === 0 ? (
        <p className="empty-state">Classement indisponible pour le moment.</p>
      ) : (
        // Scrolls on its own when taller than the panel: focusable so the keyboard can too.
        <div
          className={styles['league__scroll']}
          tabIndex={0}
          role="group"
          aria-labelledby="league-title"
        >
          <table className={styles['league__table']}>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <span className="visually-hidden">Club</span>
                </th>
                <th scope="col">
                  <abbr title="Matchs joués">MJ</abbr>
                </th>
                <th scope="col">Points</th>
                <th scope="col">
                  <abbr title="Différence de buts">+/-</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const monaco = row.club.nom.toLowerCase().includes('monaco');
                return (
                  <tr
                    key={row.club.id}
                    className={monaco ? styles['is-highlighted'] : undefined}
                    aria-current={monaco ? 'true' : undefined}
                  >
                    <td>{row.position}</td>
                    <td className={styles['league__club']}>
                      <Crest name={row.club.nom} logo={row.club.logo} size={26} />
                      <span className={styles['league__club-name']}>{row.club.nom}</span>
                    </td>
                    <td>{row.matchs_joues}</td>
                    <td className={styles['league__points']}>{row.points}</td>
                    <td>{row.diff_buts > 0 ? `+${row.diff_buts}` : row.diff_buts}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
