import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { CARPOOL_MESSAGES, REPORT_MESSAGES } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useCarpoolReportReasons, useReasons } from '../api';
import { useCancelCarpool } from '../mutations';
import { ReasonPicker } from './ReasonPicker';
import { customText, reasonError, type ReasonChoice } from './reasons';
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

const EMPTY: ReasonChoice = { id: null, text: '' };

function CancelForm({
  matchId,
  relationId,
  asDriver,
  onDone,
}: Omit<Props, 'open' | 'onOpenChange' | 'otherMember'> & { onDone: () => void }) {
  const reasons = useReasons('annulation');
  const [reason, setReason] = useState<ReasonChoice>(EMPTY);
  const [reporting, setReporting] = useState(false);
  const withReport = reporting && !asDriver;
  const reportReasons = useCarpoolReportReasons(withReport);
  const [report, setReport] = useState<ReasonChoice>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelCarpool();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem =
      reasonError(reasons.data, reason, CARPOOL_MESSAGES.invalidReason) ??
      (withReport ? reasonError(reportReasons.data, report, REPORT_MESSAGES.invalidMotif) : null);
    setError(problem);
    if (problem || reason.id === null) return;
    // mutateAsync, not mutate's callbacks: the cancellation refetches the match, which can
    // unmount this form before the answer is handled, and mutate's callbacks then never run.
    cancel
      .mutateAsync({
        matchId,
        ...(relationId !== undefined ? { userToUserMatchId: relationId } : {}),
        motifId: reason.id,
        customReason: customText(reasons.data, reason),
        avecSignalement: withReport,
        ...(withReport && report.id !== null ? { signalementMotifId: report.id } : {}),
        signalementCustomReason: withReport ? customText(reportReasons.data, report) : null,
      })
      .then(
        () => {
          toast.success(
            withReport ? CARPOOL_MESSAGES.actionWithReportDone : CARPOOL_MESSAGES.actionDone,
          );
          onDone();
        },
        // Refused: the form stays as typed, the server's reason under it (a 429 says when).
        (e: unknown) => setError(errorMessage(e, CARPOOL_MESSAGES.operationFailed)),
      );
  };

  return (
    <form onSubmit={submit} noValidate>
      <ReasonPicker
        legend="Motif de l'annulation"
        reasons={reasons.data}
        failed={reasons.isError}
        value={reason}
        onChange={setReason}
        textLabel="Précise le motif"
      />
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
              reasons={reportReasons.data}
              failed={reportReasons.isError}
              value={report}
              onChange={setReport}
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
