import { useId, useState, type FormEvent } from 'react';
import { CARPOOL_TEXTS, CARPOOL_STATUS, LIMITS, isSafeText, type Supporter } from '@munegu/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Dialog, FormDialogFooter } from '../../../components/ui/Dialog';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { errorMessage, isApiError } from '../../../lib/api';
import { useSendRelation } from '../mutations';
import type { SendKind } from './SupporterRow';
import type { Viewer } from './supporters';
import styles from './SendRelationDialog.module.css';

type Props = {
  /** The driver asked for a seat, or the searcher offered one; null when closed. */
  target: Supporter | null;
  kind: SendKind;
  viewer: Viewer;
  matchId: number;
  onClose: () => void;
};

/**
 * The proposal/request popup (spec sections 2, 5 and 8): the recipient, an optional
 * description (150 characters, no forbidden content), 'Envoyer', then the result popup.
 * A refusal keeps the popup open with the description as typed and the reason under it
 * (issue 27: nothing a member wrote is lost to a refusal).
 */
export function SendRelationDialog({ target, kind, viewer, matchId, onClose }: Props) {
  const send = useSendRelation();
  const [description, setDescription] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = useId();
  const unsafe = !isSafeText(description);
  const name = target?.username ?? '';

  const close = () => {
    setDescription('');
    setSent(null);
    setRefusal(null);
    send.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || unsafe || send.isPending) return;
    const request = kind === 'demande';
    setRefusal(null);
    send.mutate(
      {
        user2_id: target.id,
        statut_id: request ? CARPOOL_STATUS.DEMANDE : CARPOOL_STATUS.PROPOSE,
        // The passenger's group and department: mine for a request, theirs for a proposal.
        nbPers: request ? viewer.groupSize : (target.nb_pers ?? 1),
        departement_depart: request ? (viewer.department ?? '') : target.departement_depart,
        match_id: matchId,
        description: description.trim() || null,
      },
      {
        onSuccess: () => setSent(CARPOOL_TEXTS.sent(kind, name)),
        onError: (error) =>
          setRefusal(
            isApiError(error)
              ? errorMessage(error, CARPOOL_TEXTS.sendFailed(name))
              : CARPOOL_TEXTS.sendUnexpected,
          ),
      },
    );
  };

  return (
    <>
      <Dialog
        open={target !== null && sent === null}
        onClose={close}
        title={kind === 'demande' ? 'Demande de covoiturage' : 'Proposition de covoiturage'}
        closeButton
      >
        <form onSubmit={submit} noValidate>
          <div className={styles['send-relation__who']}>
            <Avatar username={name} picture={target?.profile_picture} size={64} />
            <strong>{name}</strong>
          </div>
          <div className="field">
            <label htmlFor={fieldId}>Description (facultative)</label>
            <textarea
              id={fieldId}
              className="input"
              rows={3}
              maxLength={LIMITS.proposalDescriptionMax}
              value={description}
              aria-invalid={unsafe || refusal !== null || undefined}
              aria-describedby={[
                `${fieldId}-count`,
                unsafe && `${fieldId}-error`,
                refusal && `${fieldId}-refusal`,
              ]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => setDescription(event.target.value)}
            />
            <p id={`${fieldId}-count`} className={styles['send-relation__count']}>
              {description.length}/{LIMITS.proposalDescriptionMax}
            </p>
            {unsafe && (
              <p id={`${fieldId}-error`} className="field__error" role="alert">
                {CARPOOL_TEXTS.descriptionForbidden}
              </p>
            )}
            {refusal && (
              <p id={`${fieldId}-refusal`} className="field__error" role="alert">
                {refusal}
              </p>
            )}
          </div>
          <FormDialogFooter disabled={unsafe || send.isPending} label="Envoyer" />
        </form>
      </Dialog>
      <ResultPopup open={sent !== null} status="success" message={sent ?? ''} onClose={close} />
    </>
  );
}
