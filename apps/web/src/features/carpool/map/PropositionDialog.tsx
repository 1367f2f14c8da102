import { useId, useState } from 'react';
import { CARPOOL_TEXTS, CARPOOL_STATUS, pluralWord, type Club } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Dialog, DialogFooter } from '../../../components/ui/Dialog';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { errorMessage } from '../../../lib/api';
import { useDepartments } from '../../reference';
import { useAnswerRelation, type Answer } from '../mutations';
import { propositionSentence, type Proposition } from './proposition';
import { plural, ratingLabel } from './supporters';
import styles from './PropositionDialog.module.css';
import { Button } from '../../../components/ui/Button';

type Props = {
  proposition: Proposition | null;
  /** The match (a `Match` fits): its id for the answer, its stadium for the arrival. */
  match: { id: number; club_dom: Pick<Club, 'nomStade' | 'ville'> };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful answer (the bell removes its notification). */
  onAnswered?: (answer: Answer) => void;
};

type Result = { status: 'success' | 'error'; message: string };

/**
 * The Proposition popup (spec section 2): who asks or proposes, for how many, from where to
 * which stadium, their description, 'J'accepte' / 'Je refuse', then the result popup.
 */
export function PropositionDialog({ proposition, match, open, onOpenChange, onAnswered }: Props) {
  const answer = useAnswerRelation();
  const departments = useDepartments();
  const [result, setResult] = useState<Result | null>(null);

  const close = () => {
    setResult(null);
    answer.reset();
    onOpenChange(false);
  };

  const reply = (choice: Answer) => {
    if (!proposition || answer.isPending) return;
    const accept = choice === 'accept';
    answer.mutate(
      {
        answer: choice,
        body: {
          user1_id: proposition.user1Id,
          user2_id: proposition.user2Id,
          match_id: match.id,
        },
      },
      {
        onSuccess: () => {
          setResult({
            status: 'success',
            message: accept ? CARPOOL_TEXTS.confirmed : CARPOOL_TEXTS.refused,
          });
          onAnswered?.(choice);
        },
        onError: (error) =>
          setResult({
            status: 'error',
            message: errorMessage(
              error,
              accept ? CARPOOL_TEXTS.confirmFailed : CARPOOL_TEXTS.refuseFailed,
            ),
          }),
      },
    );
  };

  const p = proposition;
  const tooFew = p !== null && p.placesDispo !== null && p.placesDispo < p.nbPers;
  const tooFewId = useId();
  const departure = p
    ? (departments.data?.find((d) => d.code === p.departement_depart)?.name ?? p.departement_depart)
    : '';
  const title =
    p?.status === CARPOOL_STATUS.PROPOSE ? 'Proposition de covoiturage' : 'Demande de covoiturage';

  return (
    <>
      <Dialog
        open={open && p !== null && result === null}
        onClose={close}
        title={title}
        closeButton
      >
        {p && (
          <>
            <div className={styles['proposition__who']}>
              <Avatar username={p.from.username} picture={p.from.profile_picture} size={72} />
              <strong className={styles['proposition__name']}>{p.from.username}</strong>
              {p.nbPers > 1 && <span>+{plural(p.nbPers - 1, 'personne')}</span>}
              {p.from.note_covoiturage !== null && (
                <span className={styles['proposition__rating']}>
                  {ratingLabel(p.from.note_covoiturage)}
                </span>
              )}
            </div>
            <dl className={styles['proposition__trip']}>
              <dt>Départ</dt>
              <dd>{departure}</dd>
              <dt>Arrivée</dt>
              <dd>
                {match.club_dom.nomStade || 'Stade inconnu'},{' '}
                {match.club_dom.ville || 'Ville inconnue'}
              </dd>
              {p.placesDispo !== null && (
                <>
                  <dt>Places</dt>
                  <dd>
                    {p.placesDispo > 0
                      ? `${plural(p.placesDispo, 'place')} ${pluralWord(p.placesDispo, 'disponible')}`
                      : 'Aucune place disponible'}
                  </dd>
                </>
              )}
            </dl>
            {p.description && (
              <blockquote className={styles['proposition__description']}>
                {p.description}
              </blockquote>
            )}
            <p className={styles['proposition__sentence']}>{propositionSentence(p)}</p>
            {tooFew && (
              <p className="error-text" id={tooFewId}>
                {CARPOOL_TEXTS.notEnoughPlacesTooltip}
              </p>
            )}
            <DialogFooter>
              <Button variant="ghost" disabled={answer.isPending} onClick={() => reply('refuse')}>
                Je refuse
              </Button>
              {/* Fewer free seats than the group: the server would only answer « Aucune place
                  disponible », so the popup says why first. */}
              <Button
                variant="primary"
                disabled={answer.isPending || tooFew}
                aria-describedby={tooFew ? tooFewId : undefined}
                onClick={() => reply('accept')}
              >
                J&apos;accepte
              </Button>
            </DialogFooter>
          </>
        )}
      </Dialog>
      <ResultPopup
        open={open && result !== null}
        status={result?.status ?? 'success'}
        message={result?.message ?? ''}
        onClose={close}
      />
    </>
  );
}
