import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { leagueTableInputSchema } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { errorMessage } from '../../../lib/api';
import { currentSeason, useAdminClubs, useLeagueTableForEdit, useSaveLeagueTable } from '../api';
import adminStyles from '../admin.module.css';
import { AdminHead, AdminPanel, AdminTable, SeasonInput } from '../components/AdminPanel';
import styles from './AdminLeaguePage.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';

type Row = {
  key: number;
  position: string;
  club_id: string;
  matchs_joues: string;
  points: string;
  diff_buts: string;
};
const NUMERIC = ['position', 'matchs_joues', 'points', 'diff_buts'] as const;
/** Column names: the header's, and each cell's own once rows stack (narrow screens). */
const COLUMN = {
  position: 'Position',
  matchs_joues: 'Matchs joués',
  points: 'Points',
  diff_buts: 'Différence de buts',
} as const;
let nextKey = 1;
/** A cell's number; a blank one is not 0 (`Number('')`) but missing, so the schema says so. */
const cellNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** /admin/classement: the league table as editable rows, saved as a whole. */
export default function AdminLeaguePage() {
  const table = useLeagueTableForEdit();
  const clubs = useAdminClubs();
  const save = useSaveLeagueTable();
  const [season, setSeason] = useState(currentSeason);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!table.data) return;
    setRows(
      table.data.map((r) => ({
        key: nextKey++,
        position: String(r.position),
        club_id: String(r.club.id),
        matchs_joues: String(r.matchs_joues),
        points: String(r.points),
        diff_buts: String(r.diff_buts),
      })),
    );
  }, [table.data]);

  const update = (key: number, field: keyof Row, value: string) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const addRow = () =>
    setRows((list) => [
      ...list,
      {
        key: nextKey++,
        position: String(list.length + 1),
        club_id: '',
        matchs_joues: '0',
        points: '0',
        diff_buts: '0',
      },
    ]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = leagueTableInputSchema.safeParse({
      season: season.trim(),
      rows: rows.map((r) => ({
        position: cellNumber(r.position),
        club_id: Number(r.club_id),
        matchs_joues: cellNumber(r.matchs_joues),
        points: cellNumber(r.points),
        diff_buts: cellNumber(r.diff_buts),
      })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const line = typeof issue?.path[1] === 'number' ? `Ligne ${issue.path[1] + 1} : ` : '';
      return setError(`${line}${issue?.message ?? 'Classement invalide.'}`);
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Classement enregistré.'),
      onError: (e) => setError(errorMessage(e, 'Une erreur est survenue.')),
    });
  };

  return (
    <AdminPanel titleId="admin-table-title">
      <form onSubmit={submit} noValidate>
        <AdminHead titleId="admin-table-title" title="Classement">
          <SeasonInput value={season} onChange={setSeason} />
          <Button variant="outline" onClick={addRow}>
            Ajouter une ligne
          </Button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={save.isPending || rows.length === 0}
          >
            {save.isPending ? 'Enregistrement…' : 'Enregistrer le classement'}
          </button>
        </AdminHead>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {table.isError ? (
          <p className="error-text">Erreur lors de la récupération du classement.</p>
        ) : (
          <AdminTable className={styles['admin__league']}>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Club</th>
                <th scope="col">MJ</th>
                <th scope="col">Points</th>
                <th scope="col">+/-</th>
                <th scope="col">
                  <span className="visually-hidden">Retirer</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, index) => {
                const club = clubs.data?.find((c) => String(c.id) === r.club_id);
                // The rank before the club, the other figures after it.
                const numberCell = (f: (typeof NUMERIC)[number]) => (
                  <td key={f} data-label={COLUMN[f]}>
                    <input
                      className={cx('input', styles['admin__num'])}
                      type="number"
                      aria-label={`${COLUMN[f]}, ligne ${index + 1}`}
                      value={r[f]}
                      onChange={(e) => update(r.key, f, e.target.value)}
                    />
                  </td>
                );
                return (
                  <tr key={r.key}>
                    {NUMERIC.slice(0, 1).map(numberCell)}
                    <td data-label="Club" className={styles['admin__league-club']}>
                      <span className={adminStyles['admin__club-select']}>
                        {club ? (
                          <Crest name={club.nom} logo={club.logo} size={24} />
                        ) : (
                          <span className={adminStyles['admin__crest-slot']} />
                        )}
                        <select
                          className="input"
                          aria-label={`Club, ligne ${index + 1}`}
                          value={r.club_id}
                          onChange={(e) => update(r.key, 'club_id', e.target.value)}
                        >
                          <option value="">— Club —</option>
                          {clubs.data?.map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.nom}
                            </option>
                          ))}
                        </select>
                      </span>
                    </td>
                    {NUMERIC.slice(1).map(numberCell)}
                    <td className={styles['admin__league-remove']}>
                      <Button
                        variant="ghost"
                        small
                        aria-label={`Retirer la ligne ${index + 1}`}
                        onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
                      >
                        ✕
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </AdminTable>
        )}
      </form>
    </AdminPanel>
  );
}
