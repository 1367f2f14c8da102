import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { PREDICTION_TEXTS, plural, type Match } from '@munegu/shared';
import { Crest } from '../../../components/ui/Crest';
import { Dialog, DialogFooter, DialogTitle } from '../../../components/ui/Dialog';
import { readScore } from '../../../components/ui/scoreInput';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { matchKickoff } from '../../../lib/dates';
import { useNow } from '../../../lib/hooks';
import { usePoints, usePrediction, useSavePrediction } from '../api';
import { RewardPopup } from './RewardPopup';
import styles from './PredictionPopup.module.css';
import { cx } from '../../../lib/cx';
import { Button } from '../../../components/ui/Button';

export const POPUP_TEXTS = {
  editable: PREDICTION_TEXTS.confirmedAtKickoff,
  live: 'MATCH EN COURS',
  finished: 'MATCH TERMINÉ',
  none: PREDICTION_TEXTS.none,
  computing: PREDICTION_TEXTS.computing,
  pointsError: PREDICTION_TEXTS.pointsFailed,
  unavailable: PREDICTION_TEXTS.unavailable,
  saved: PREDICTION_TEXTS.saved,
  saveError: PREDICTION_TEXTS.saveFailed,
} as const;

type Props = { match: Match | null; onClose: () => void };

/** The home page's prediction popup ('JEU DU PRONO'). */
export function PredictionPopup({ match, onClose }: Props) {
  return (
    <Dialog open={match !== null} onClose={onClose} className="prediction" closeButton>
      {match && <PredictionBody match={match} onDone={onClose} />}
    </Dialog>
  );
}

function PredictionBody({ match, onDone }: { match: Match; onDone: () => void }) {
  const { user } = useAuth();
  const existing = usePrediction(user?.id, match.id);
  const points = usePoints(match.id, match.is_finish);
  const save = useSavePrediction(user?.id, match.id);
  const [dom, setDom] = useState('');
  const [ext, setExt] = useState('');
  // Each side whose score was typed above 50 and shows as 50, until that side changes: said
  // under the scores.
  const [capped, setCapped] = useState({ dom: false, ext: false });
  const typed = (side: 'dom' | 'ext', set: (value: string) => void) => (raw: string) => {
    const read = readScore(raw);
    set(read.value);
    setCapped((was) => ({ ...was, [side]: read.capped }));
  };
  const [rewardOpen, setRewardOpen] = useState(false);
  const saved = existing.data ?? null;

  // Locked at kickoff even while the popup stays open (the server refuses a later save).
  const now = useNow(1000);
  const editable =
    match.edit_pronostic &&
    !match.is_finish &&
    now < matchKickoff(match.date, match.heure).getTime();

  // Pre-fill with the member's prediction once it arrives; once locked, show what was saved,
  // which is what counts, not what was being typed.
  useEffect(() => {
    if (saved) {
      setDom(String(saved.score_club_dom));
      setExt(String(saved.score_club_ext));
    } else if (!editable) {
      setDom('');
      setExt('');
    }
    if (!editable) setCapped({ dom: false, ext: false });
  }, [saved, editable]);

  const unchanged =
    saved !== null && Number(dom) === saved.score_club_dom && Number(ext) === saved.score_club_ext;
  const canSave = editable && dom !== '' && ext !== '' && !unchanged && !save.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    save.mutate(
      { score_club_dom: Number(dom), score_club_ext: Number(ext) },
      {
        onSuccess: (data) => {
          toast.success(data?.message || PREDICTION_TEXTS.saved);
          onDone();
        },
        onError: (error) => {
          toast.error(errorMessage(error, POPUP_TEXTS.saveError));
        },
      },
    );
  };

  const home = match.club_dom;
  const away = match.club_ext;
  // Worded as the match's slide (spec, Match block): only the nearest match is the next one.
  const upcoming = match.ordre === 1 ? 'PROCHAIN MATCH' : 'MATCH À VENIR';
  const status = match.is_finish ? POPUP_TEXTS.finished : editable ? upcoming : POPUP_TEXTS.live;

  let footer: React.ReactNode = null;
  if (existing.isError) {
    footer = <p className="error-text">{PREDICTION_TEXTS.unavailable}</p>;
  } else if (editable) {
    footer = <p className={styles['prediction__note']}>{POPUP_TEXTS.editable}</p>;
  } else if (!existing.isPending && saved === null) {
    footer = (
      <p className={cx(styles['prediction__note'], styles['prediction__note--none'])}>
        {PREDICTION_TEXTS.none}
      </p>
    );
  } else if (match.is_finish && saved) {
    footer = <FinishedPoints points={points} />;
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle className={styles['prediction__title']}>JEU DU PRONO</DialogTitle>
      <p
        className={`${styles['prediction__status']}${editable ? '' : ` ${styles['prediction__status--locked']}`}`}
      >
        {status} · Journée {match.journee}
      </p>
      <div className={styles['prediction__teams']}>
        <ScoreSide
          id={`prono-dom-${match.id}`}
          name={home.nom}
          logo={home.logo}
          value={dom}
          onChange={typed('dom', setDom)}
          disabled={!editable}
        />
        <span className={styles['prediction__dash']} aria-hidden="true">
          –
        </span>
        <ScoreSide
          id={`prono-ext-${match.id}`}
          name={away.nom}
          logo={away.logo}
          value={ext}
          onChange={typed('ext', setExt)}
          disabled={!editable}
        />
      </div>
      <p className={styles['prediction__capped']} role="status">
        {capped.dom || capped.ext ? PREDICTION_TEXTS.capped : null}
      </p>
      {footer}
      <DialogFooter>
        {editable && (
          <button type="submit" className="btn btn--primary" disabled={!canSave}>
            {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        )}
        <Button variant="ghost" onClick={() => setRewardOpen(true)}>
          Le lot à gagner
        </Button>
      </DialogFooter>
      <RewardPopup open={rewardOpen} onClose={() => setRewardOpen(false)} />
    </form>
  );
}

type SideProps = {
  id: string;
  name: string;
  logo: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
};

function ScoreSide({ id, name, logo, value, onChange, disabled }: SideProps) {
  return (
    <div className={styles['prediction__side']}>
      <Crest name={name} logo={logo} size={72} />
      <label htmlFor={id} className={styles['prediction__club']}>
        {name}
      </label>
      <input
        id={id}
        className={cx('input', styles['prediction__input'])}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={2}
        placeholder="-"
        aria-label={`Buts ${name}`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function FinishedPoints({ points }: { points: ReturnType<typeof usePoints> }) {
  if (points.isError) return <p className="error-text">{POPUP_TEXTS.pointsError}</p>;
  if (points.isPending) return <p className={styles['prediction__note']}>…</p>;
  if (points.data && !points.data.has_pronostic)
    return (
      <p className={cx(styles['prediction__note'], styles['prediction__note--none'])}>
        {PREDICTION_TEXTS.none}
      </p>
    );
  const value = points.data?.points;
  if (value === null || value === undefined)
    return <p className={styles['prediction__note']}>{PREDICTION_TEXTS.computing}</p>;
  return <p className={styles['prediction__points']}>+{plural(value, 'point')}</p>;
}
