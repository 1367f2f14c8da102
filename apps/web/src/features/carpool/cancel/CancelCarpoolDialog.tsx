import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { CARPOOL_TEXTS, REPORT_TEXTS } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useReasons } from '../api';
import { useReportReasons } from '../../reports';
import { useCancelCarpool } from '../mutations';
import { ReasonPicker } from './ReasonPicker';
import { useReasonPick } from './reasons';
import styles from './cancel.module.css';

type Props = {
  matchId: number;
  /** One relation; without it the caller's confirmed carpool for the match (all of it as driver). */
  relationId?: number;
  asDriver: boolean;
  /** Who the cancellation concerns, for the title. */
  otherMember?: { username: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Cancel a carpool with a reason (spec sections 2 and 5), optionally reporting the other
 * member; the report option is not offered to a driver cancelling.
 */
export function CancelCarpoolDialog({ open, onOpenChange, otherMember, ...form }: Props) {
  const title = otherMember
    ? `Annuler le covoiturage avec ${otherMember.username}`
    : 'Annuler le covoiturage';
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={title}
      description="Choisis le motif de l'annulation."
      descriptionClassName="field__hint"
      wide
      freshContent
    >
      <CancelForm {...form} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function CancelForm({
  matchId,
  relationId,
  asDriver,
  onDone,
}: Omit<Props, 'open' | 'onOpenChange' | 'otherMember'> & { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const reason = useReasonPick(useReasons('annulation'), () => setError(null));
  const [reporting, setReporting] = useState(false);
  const withReport = reporting && !asDriver;
  const report = useReasonPick(useReportReasons('covoiturage', withReport), () => setError(null));
  const cancel = useCancelCarpool();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem =
      reason.problem(CARPOOL_TEXTS.invalidReason) ??
      (withReport ? report.problem(REPORT_TEXTS.invalidMotif) : null);
    setError(problem);
    if (problem || reason.value.id === null) return;
    // mutateAsync, not mutate's callbacks: the cancellation refetches the match, which can
    // unmount this form before the answer is handled, and mutate's callbacks then never run.
    cancel
      .mutateAsync({
        matchId,
        ...(relationId !== undefined ? { userToUserMatchId: relationId } : {}),
        motifId: reason.value.id,
        customReason: reason.text(),
        avecSignalement: withReport,
        ...(withReport && report.value.id !== null ? { signalementMotifId: report.value.id } : {}),
        signalementCustomReason: withReport ? report.text() : null,
      })
      .then(
        () => {
          toast.success(withReport ? CARPOOL_TEXTS.actionWithReportDone : CARPOOL_TEXTS.actionDone);
          onDone();
        },
        // Refused: the form stays as typed, the server's reason under it (a 429 says when).
        (e: unknown) => setError(errorMessage(e, CARPOOL_TEXTS.operationFailed)),
      );
  };

  return (
    <form onSubmit={submit} noValidate>
      <ReasonPicker legend="Motif de l'annulation" pick={reason} />
      {!asDriver && (
        <div className={styles['report']}>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={reporting}
              onChange={(event) => setReporting(event.target.checked)}
            />
            Signaler ce membre
          </label>
          {withReport && (
            <ReasonPicker
              legend="Motif du signalement"
              pick={report}
              textLabel="Précise le motif du signalement"
            />
          )}
        </div>
      )}
      <FormError message={error} />
      <DialogFooter>
        <DialogCancel label="Retour" />
        <button type="submit" className="btn btn--danger" disabled={cancel.isPending}>
          Confirmer l'annulation
        </button>
      </DialogFooter>
    </form>
  );
}
