import { useState } from 'react';
import { MATCH_TEXTS, type AdminMatch } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatTime } from '../../../lib/dates';
import { currentSeason, useAdminClubs, useAdminMatches } from '../api';
import { DeleteMatchDialog } from '../components/DeleteMatchDialog';
import { MatchForm } from '../components/MatchForm';
import { Dialog } from '../../../components/ui/Dialog';
import { ScoreForm } from '../components/ScoreForm';
import adminStyles from '../admin.module.css';
import { AdminHead, AdminPanel, AdminTable, SeasonInput } from '../components/AdminPanel';
import styles from './AdminMatchesPage.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast';

type Editing = { kind: 'form'; match: AdminMatch | null } | { kind: 'score'; match: AdminMatch };

/** /admin/matchs: the season's matches; create, edit, delete, enter the score. */
export default function AdminMatchesPage() {
  const [season, setSeason] = useState(currentSeason);
  const matches = useAdminMatches(season);
  const clubs = useAdminClubs();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminMatch | null>(null);

  return (
    <AdminPanel titleId="admin-matches-title">
      <AdminHead titleId="admin-matches-title" title="Matchs">
        <SeasonInput value={season} onChange={setSeason} pattern="\d{4}-\d{4}" />
        <Button variant="primary" onClick={() => setEditing({ kind: 'form', match: null })}>
          Nouveau match
        </Button>
      </AdminHead>
      {matches.isError ? (
        <p className="error-text">
          {errorMessage(matches.error, 'Erreur lors de la récupération des matchs.')}
        </p>
      ) : matches.isPending ? (
        <p className="empty-state">Chargement…</p>
      ) : matches.data.length === 0 ? (
        <p className="empty-state">Aucun match pour la saison {season}.</p>
      ) : (
        <AdminTable>
          <thead>
            <tr>
              <th scope="col">J.</th>
              <th scope="col">Coup d’envoi (Paris)</th>
              <th scope="col">Match</th>
              <th scope="col">Score</th>
              <th scope="col">Pronos</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {matches.data.map((m) => {
              // The API takes a score only from kickoff on (edit_pronostic: not kicked off).
              const upcoming = !m.is_finish && m.edit_pronostic;
              // Why the score waits: the button's tooltip, its description and a press's toast.
              const notYet = upcoming ? MATCH_TEXTS.scoreBeforeKickoff(m.kickoff) : null;
              const why = `score-why-${m.id}`;
              return (
                <tr key={m.id}>
                  <td data-label="Journée">{m.journee}</td>
                  <td data-label="Coup d’envoi">
                    {formatDate(m.date)} {formatTime(m.date)}
                    {m.annonce_horaire && (
                      <span className={cx(adminStyles['admin__muted'], styles['admin__notice'])}>
                        {MATCH_TEXTS.kickoffNotice(formatTime(m.annonce_horaire))}
                      </span>
                    )}
                  </td>
                  <td data-label="Match" className={adminStyles['admin__cell--wide']}>
                    <span className={styles['admin__fixture']}>
                      <Crest name={m.club_dom.nom} logo={m.club_dom.logo} size={24} />{' '}
                      {m.club_dom.nom}
                      <span aria-hidden="true"> – </span>
                      <Crest name={m.club_ext.nom} logo={m.club_ext.logo} size={24} />{' '}
                      {m.club_ext.nom}
                    </span>
                    {m.hashtag && <span className={adminStyles['admin__muted']}> {m.hashtag}</span>}
                  </td>
                  <td data-label="Score">
                    {m.is_finish
                      ? `${m.buts_dom} – ${m.buts_ext}`
                      : upcoming
                        ? 'À venir'
                        : 'En cours'}
                  </td>
                  <td data-label="Pronostics">{m.nb_pronostics}</td>
                  <td className={cx(styles['admin__actions'], adminStyles['admin__cell--wide'])}>
                    <Button
                      variant="outline"
                      small
                      onClick={() => setEditing({ kind: 'form', match: m })}
                      aria-label={`Modifier le match de la journée ${m.journee}`}
                    >
                      Modifier
                    </Button>
                    <Button
                      variant="primary"
                      small
                      // Not `disabled`: a disabled button is out of the Tab order and a tap
                      // on a phone (no tooltip there) says nothing. This one stays reachable
                      // and answers with its reason.
                      aria-disabled={upcoming || undefined}
                      title={notYet ?? undefined}
                      aria-describedby={notYet ? why : undefined}
                      onClick={() =>
                        notYet ? toast.error(notYet) : setEditing({ kind: 'score', match: m })
                      }
                      aria-label={`Score du match de la journée ${m.journee}`}
                    >
                      Score
                    </Button>
                    {notYet && (
                      <span id={why} className="visually-hidden">
                        {notYet}
                      </span>
                    )}
                    <Button
                      variant="ghost"
                      small
                      onClick={() => setDeleting(m)}
                      aria-label={`Supprimer le match de la journée ${m.journee}`}
                    >
                      Supprimer
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}

      <Dialog
        wide
        closeButton
        open={editing !== null}
        title={
          editing?.kind === 'score'
            ? 'Score final'
            : editing?.match
              ? 'Modifier le match'
              : 'Nouveau match'
        }
        onClose={() => setEditing(null)}
      >
        {editing?.kind === 'form' && (
          <MatchForm
            match={editing.match}
            season={season}
            clubs={clubs.data ?? []}
            onDone={() => setEditing(null)}
          />
        )}
        {editing?.kind === 'score' && (
          <ScoreForm match={editing.match} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      {deleting && (
        <DeleteMatchDialog key={deleting.id} match={deleting} onClose={() => setDeleting(null)} />
      )}
    </AdminPanel>
  );
}
