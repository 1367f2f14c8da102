import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { CARPOOL_TEXTS } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useReasons } from '../api';
import { useExcludePassenger } from '../mutations';
import { ReasonPicker } from './ReasonPicker';
import { useReasonPick } from './reasons';

type Props = {
  matchId: number;
  passenger: { id: number; username: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The driver removes one passenger, with a reason (spec sections 2 and 5). */
export function ExcludePassengerDialog({ matchId, passenger, open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={`Exclure ${passenger.username}`}
      description="Choisis le motif de l'exclusion."
      descriptionClassName="field__hint"
      wide
      freshContent
    >
      <ExcludeForm
        matchId={matchId}
        passengerId={passenger.id}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function ExcludeForm({
  matchId,
  passengerId,
  onDone,
}: {
  matchId: number;
  passengerId: number;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const reason = useReasonPick(useReasons('exclusion'), () => setError(null));
  const exclude = useExcludePassenger();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = reason.problem(CARPOOL_TEXTS.invalidReason);
    setError(problem);
    if (problem || reason.value.id === null) return;
    exclude.mutate(
      {
        matchId,
        passagerId: passengerId,
        motifId: reason.value.id,
        customReason: reason.text(),
      },
      {
        onSuccess: () => {
          toast.success(CARPOOL_TEXTS.actionDone);
          onDone();
        },
        // Refused: the form stays as typed, the server's reason under it (a 429 says when).
        onError: (e) => setError(errorMessage(e, CARPOOL_TEXTS.operationFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <ReasonPicker legend="Motif de l'exclusion" pick={reason} />
      <FormError message={error} />
      <DialogFooter>
        <DialogCancel label="Retour" />
        <button type="submit" className="btn btn--danger" disabled={exclude.isPending}>
          Exclure
        </button>
      </DialogFooter>
    </form>
  );
}
