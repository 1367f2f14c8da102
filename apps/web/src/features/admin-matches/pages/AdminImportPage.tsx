import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { plural, pluralWord, type ImportResult } from '@munegu/shared';
import { errorMessage } from '../../../lib/api';
import { useImport, type ImportKind } from '../api';
import adminStyles from '../admin.module.css';
import { AdminPanel, AdminTable } from '../components/AdminPanel';
import styles from './AdminImportPage.module.css';
import { Button } from '../../../components/ui/Button';
import { FilePicker } from '../../../components/ui/FilePicker';

const FORMATS: Record<ImportKind, string> = {
  matchs:
    'season, journee, kickoff (AAAA-MM-JJTHH:mm, heure de Paris), club_dom, club_ext, hashtag',
  classement: 'season, position, club, matchs_joues, points, diff_buts',
};

/** /admin/import: fixtures or league table from CSV/JSON, previewed line by line first. */
export default function AdminImportPage() {
  const [kind, setKind] = useState<ImportKind>('matchs');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const matchs = useImport('matchs');
  const classement = useImport('classement');
  const mutation = kind === 'matchs' ? matchs : classement;
  const allValid = preview !== null && preview.total > 0 && preview.valid === preview.total;

  const run = (dryRun: boolean) => {
    if (!file) return;
    mutation.mutate(
      { file, dryRun },
      {
        onSuccess: (result) => {
          setPreview(result);
          if (!dryRun && result.applied) toast.success(result.message || 'Import terminé.');
          else if (!dryRun) toast.error(result.message);
        },
        onError: (e) => {
          setPreview(null);
          toast.error(errorMessage(e, 'Une erreur est survenue.'));
        },
      },
    );
  };
  const reset = () => setPreview(null);

  return (
    <AdminPanel titleId="admin-import-title">
      <h2 id="admin-import-title">Import</h2>
      <div className={adminStyles['admin__grid']}>
        <fieldset className={styles['admin__kind']}>
          <legend>Que veux-tu importer ?</legend>
          {(['matchs', 'classement'] as const).map((k) => (
            <label key={k} className="checkbox">
              <input
                type="radio"
                name="import-kind"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  reset();
                }}
              />
              {k === 'matchs' ? 'Calendrier des matchs' : 'Classement'}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="import-file">Fichier CSV ou JSON</label>
          <FilePicker
            id="import-file"
            accept=".csv,.json,text/csv,application/json"
            onFile={(chosen) => {
              setFile(chosen);
              reset();
            }}
          />
          <span className="field__hint">Colonnes : {FORMATS[kind]}</span>
        </div>
      </div>
      <div className={adminStyles['admin__head']}>
        <Button variant="outline" disabled={!file || mutation.isPending} onClick={() => run(true)}>
          Prévisualiser
        </Button>
        <Button
          variant="primary"
          disabled={!allValid || mutation.isPending || preview?.applied === true}
          onClick={() => run(false)}
        >
          Importer
        </Button>
        {mutation.isPending && (
          <span className={styles['admin__progress']} role="status">
            <progress aria-label="Import en cours" />{' '}
            {mutation.variables?.dryRun ? 'Analyse du fichier…' : 'Import en cours…'}
          </span>
        )}
      </div>
      {preview && <ImportPreview result={preview} />}
    </AdminPanel>
  );
}

function ImportPreview({ result }: { result: ImportResult }) {
  // The API names every line's cells by the documented columns, in their order.
  const keys = [...new Set(result.lines.flatMap((l) => Object.keys(l.value)))];
  return (
    <div className="admin__preview">
      <p
        role="status"
        className={result.valid === result.total ? styles['admin__ok'] : 'field__error'}
      >
        {plural(result.valid, 'ligne')} {pluralWord(result.valid, 'valide')} sur {result.total}.{' '}
        {result.message}
      </p>
      <AdminTable>
        <thead>
          <tr>
            <th scope="col">Ligne</th>
            <th scope="col">État</th>
            {keys.map((k) => (
              <th key={k} scope="col">
                {k}
              </th>
            ))}
            <th scope="col">Erreurs</th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((line) => (
            <tr key={line.line} className={line.ok ? undefined : styles['is-error']}>
              <td data-label="Ligne">{line.line}</td>
              <td data-label="État">{line.ok ? '✓ Valide' : '✗ Invalide'}</td>
              {keys.map((k) => (
                <td key={k} data-label={k}>
                  {formatCell(line.value[k])}
                </td>
              ))}
              <td
                data-label={line.errors.length ? 'Erreurs' : undefined}
                className={line.errors.length ? adminStyles['admin__cell--wide'] : undefined}
              >
                {line.errors.join(' ')}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </div>
  );
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
