import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { matchScoreInputSchema, plural, type AdminMatch } from '@munegu/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Crest } from '../../../components/ui/Crest';
import { errorMessage } from '../../../lib/api';
import { sanitizeScore } from '../../../components/ui/scoreInput';
import { useSaveScore } from '../api';
import { DialogFooter } from '../../../components/ui/Dialog';
import adminStyles from '../admin.module.css';
import styles from './ScoreForm.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';

/** Enter or correct the final score; a confirmation precedes the recomputation of points. */
export function ScoreForm({ match, onDone }: { match: AdminMatch; onDone: () => void }) {
  const save = useSaveScore();
  const [dom, setDom] = useState(match.buts_dom === null ? '' : String(match.buts_dom));
  const [ext, setExt] = useState(match.buts_ext === null ? '' : String(match.buts_ext));
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'save' | 'clear' | null>(null);

  const ask = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = matchScoreInputSchema.safeParse({
      buts_dom: dom === '' ? undefined : Number(dom),
      buts_ext: ext === '' ? undefined : Number(ext),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Score invalide');
    setError(null);
    setConfirm('save');
  };
  const run = () => {
    const score = confirm === 'clear' ? null : { buts_dom: Number(dom), buts_ext: Number(ext) };
    save.mutate(
      { id: match.id, score },
      {
        onSuccess: () => {
          toast.success(score ? 'Score enregistré, points recalculés.' : 'Score effacé.');
          setConfirm(null);
          onDone();
        },
        onError: (e) => {
          setConfirm(null);
          toast.error(errorMessage(e, 'Une erreur est survenue.'));
        },
      },
    );
  };

  const side = (
    id: string,
    name: string,
    logo: string,
    value: string,
    onChange: (v: string) => void,
  ) => (
    <div className={styles['admin__score-side']}>
      <Crest name={name} logo={logo} size={48} />
      <label htmlFor={id}>{name}</label>
      <input
        id={id}
        className={cx('input', styles['admin__score-input'])}
        inputMode="numeric"
        maxLength={2}
        value={value}
        onChange={(e) => onChange(sanitizeScore(e.target.value))}
      />
    </div>
  );

  return (
    <form onSubmit={ask} noValidate>
      <p className={adminStyles['admin__muted']}>
        Journée {match.journee} · {plural(match.nb_pronostics, 'pronostic')}
      </p>
      <div className={styles['admin__score']}>
        {side('score-dom', match.club_dom.nom, match.club_dom.logo, dom, setDom)}
        <span className={styles['admin__score-dash']} aria-hidden="true">
          –
        </span>
        {side('score-ext', match.club_ext.nom, match.club_ext.logo, ext, setExt)}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <DialogFooter>
        {match.is_finish && (
          <Button variant="ghost" onClick={() => setConfirm('clear')}>
            Effacer le score
          </Button>
        )}
        <button type="submit" className="btn btn--primary" disabled={dom === '' || ext === ''}>
          Enregistrer le score
        </button>
      </DialogFooter>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'clear' ? 'Effacer le score ?' : 'Confirmer le score final'}
        message={
          confirm === 'clear'
            ? 'Le match redeviendra « non terminé » et les points de ses pronostics seront remis à zéro.'
            : `${match.club_dom.nom} ${dom} – ${ext} ${match.club_ext.nom}\nLe match sera marqué terminé et les points de tous les pronostics seront recalculés.`
        }
        confirmLabel={confirm === 'clear' ? 'Effacer' : 'Confirmer'}
        danger={confirm === 'clear'}
        busy={save.isPending}
        onConfirm={run}
        onCancel={() => setConfirm(null)}
      />
    </form>
  );
}
