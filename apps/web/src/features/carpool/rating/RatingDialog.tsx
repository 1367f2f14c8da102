import { useState } from 'react';
import { CARPOOL_TEXTS, TEXTS, type ConfirmedCarpool, type Match } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Dialog, DialogFooter } from '../../../components/ui/Dialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { errorMessage, isApiError } from '../../../lib/api';
import { cx } from '../../../lib/cx';
import { useSingleSubmit } from '../../../lib/hooks';
import { useConfirmedCarpool } from '../api';
import { useRateCarpool } from '../mutations';
import { RATING_VALUES, formatRating, ratingTargets } from './ratingTargets';
import styles from './RatingDialog.module.css';
import { Button } from '../../../components/ui/Button';

/** The finished match whose carpool is rated (a slide's match, or a profile card's). */
type RatedMatch = Pick<Match, 'id' | 'is_finish'>;
type Props = { match: RatedMatch | null; onClose: () => void };

/** 'NOTE TON COVOITURAGE' (spec sections 5 and 8, Rating): one note per member of the carpool. */
export function RatingDialog({ match, onClose }: Props) {
  return (
    <Dialog
      open={match !== null}
      onClose={onClose}
      title="NOTE TON COVOITURAGE"
      wide
      closeButton
      freshContent
    >
      {match && <RatingBody match={match} onClose={onClose} />}
    </Dialog>
  );
}

function RatingBody({ match, onClose }: { match: RatedMatch; onClose: () => void }) {
  const carpool = useConfirmedCarpool(match.id, match.is_finish);
  const close = (
    <DialogFooter>
      <Button variant="primary" onClick={onClose}>
        Fermer
      </Button>
    </DialogFooter>
  );
  let notice: string | null = null;
  if (!match.is_finish) notice = CARPOOL_TEXTS.ratingNotFinished;
  else if (carpool.isPending) return <LoadingOverlay label="Chargement du covoiturage…" />;
  else if (carpool.isError) notice = TEXTS.generic.error;
  else if (!carpool.data) notice = CARPOOL_TEXTS.relationNotFound;
  if (notice || !carpool.data)
    return (
      <>
        <p className={styles['rating__result']}>{notice}</p>
        {close}
      </>
    );
  return <RatingForm matchId={match.id} carpool={carpool.data} footer={close} />;
}

type Outcome = { ok: boolean; message: string };

/** The server refuses a second rating with a 400 naming it; the spec words it for the member. */
function isDuplicate(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 400 && error.message.includes('Notation déjà réalisée')
  );
}

function RatingForm({
  matchId,
  carpool,
  footer,
}: {
  matchId: number;
  carpool: ConfirmedCarpool;
  footer: React.ReactNode;
}) {
  const targets = ratingTargets(carpool);
  const [notes, setNotes] = useState<Record<number, number>>({});
  /** The last word (saved, or already rated): it replaces the form. */
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** A failure another try may get past: shown under the form, which keeps the notes picked. */
  const [failure, setFailure] = useState<string | null>(null);
  const rate = useRateCarpool(matchId);
  const once = useSingleSubmit();
  const complete = targets.length > 0 && targets.every((t) => notes[t.userId] !== undefined);

  if (outcome)
    return (
      <>
        <p
          className={cx(styles['rating__result'], !outcome.ok && styles['rating__result--error'])}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
        {footer}
      </>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Once: a second request would answer « déjà noté » over the first one's success.
    if (!complete || !once.start()) return;
    // The message of the last try goes as the next one leaves.
    if (failure !== null) setFailure(null);
    rate.mutate(
      targets.map((t) => ({
        note: notes[t.userId] ?? 0,
        userId: t.userId,
        userToUserMatchId: t.userToUserMatchId,
      })),
      {
        onSuccess: () => setOutcome({ ok: true, message: CARPOOL_TEXTS.ratingSaved }),
        onError: (error) => {
          once.done();
          // Already rated is the last word; anything else may pass on another try. A refusal of
          // the member's try is said in the server's words (a 429 says when to come back); a
          // server or network failure in the spec's.
          if (isDuplicate(error)) setOutcome({ ok: false, message: CARPOOL_TEXTS.ratingDuplicate });
          else if (isApiError(error) && !error.network && error.status < 500)
            setFailure(errorMessage(error, CARPOOL_TEXTS.ratingFailed));
          else setFailure(CARPOOL_TEXTS.ratingFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      {targets.length === 0 && <p className={styles['rating__result']}>Aucun passager</p>}
      <ul className={styles['rating__list']}>
        {targets.map((t) => {
          return (
            <li key={t.userId} className={styles['rating__row']}>
              <Avatar username={t.username} picture={t.picture} size={44} />
              <span className={styles['rating__who']}>
                <span className={styles['rating__name']}>{t.username}</span>
                <span className={styles['rating__role']}>{t.role}</span>
              </span>
              <select
                className="input"
                aria-label={`Note de ${t.username}`}
                required
                value={notes[t.userId] ?? ''}
                onChange={(e) => setNotes((n) => ({ ...n, [t.userId]: Number(e.target.value) }))}
              >
                <option value="" disabled>
                  Ta note
                </option>
                {RATING_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {formatRating(value)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {failure && (
        <p className={cx(styles['rating__result'], styles['rating__result--error'])} role="alert">
          {failure}
        </p>
      )}
      <DialogFooter>
        <button type="submit" className="btn btn--primary" disabled={!complete || rate.isPending}>
          {rate.isPending ? 'Envoi…' : 'Valider'}
        </button>
      </DialogFooter>
    </form>
  );
}
