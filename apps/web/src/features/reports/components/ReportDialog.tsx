import { useState } from 'react';
import { LIMITS, REPORT_TEXTS, isOtherReason, reportCustomReasonSchema } from '@munegu/shared';
import { ApiError } from '../../../lib/api';
import { useReport, useReportReasons } from '../api';
import { FormError } from '../../../components/ui/FormField';
import {
  Dialog,
  DialogCancel,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  useUnsavedInput,
} from '../../../components/ui/Dialog';
import styles from './ReportDialog.module.css';
import { Button } from '../../../components/ui/Button';

/** Spec section 8: a message string, a list joined by commas or a nested message, else the default. */
export function reportError(error: unknown): string {
  if (error instanceof ApiError && error.errors.length)
    return error.errors.map((e) => e.message).join(', ');
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return REPORT_TEXTS.failed;
}

/**
 * What is reported: a member's profile, or one message they wrote (a private one, or one in a
 * group thread), whose text the reporter sees again before confirming.
 */
export type ReportSubject =
  | { kind: 'profil' }
  | { kind: 'message'; text: string; messageId: number }
  | { kind: 'message'; text: string; groupMessageId: number };

type Props = {
  userId: number;
  username: string;
  subject?: ReportSubject;
  open: boolean;
  onClose: () => void;
  onDone: (result: { ok: boolean; message: string }) => void;
};

/**
 * Report a member: a reason ('Autre' needs 10–255 characters), then a confirmation step.
 * A refusal brings the form back with the reason and what was typed (issue 27).
 */
export function ReportDialog({ open, onClose, ...form }: Props) {
  return (
    <Dialog open={open} onClose={onClose} wide describedByContent freshContent>
      <ReportForm {...form} />
    </Dialog>
  );
}

function ReportForm({
  userId,
  username,
  subject = { kind: 'profil' },
  onDone,
}: Omit<Props, 'open' | 'onClose'>) {
  const reasons = useReportReasons(subject.kind, true);
  const [motifId, setMotifId] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const report = useReport();
  const busy = report.isPending;
  const motif = reasons.data?.find((r) => r.id === motifId);
  const other = isOtherReason(motif?.label);
  // A reason written out is worth a question before a close drops it.
  useUnsavedInput(other && custom.trim() !== '');

  const next = () => {
    if (!motif) return setError(REPORT_TEXTS.invalidMotif);
    if (other) {
      const checked = reportCustomReasonSchema.safeParse(custom);
      if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    }
    setError(null);
    setConfirming(true);
  };

  const send = () => {
    if (!motif) return;
    report.mutate(
      {
        to: userId,
        motifId: motif.id,
        ...(other ? { customReason: custom.trim() } : {}),
        section: subject.kind,
        ...('messageId' in subject ? { messageId: subject.messageId } : {}),
        ...('groupMessageId' in subject ? { groupMessageId: subject.groupMessageId } : {}),
      },
      {
        // The server's words: sent, or already reported and still being examined.
        onSuccess: (answer) => onDone({ ok: true, message: answer.message || REPORT_TEXTS.sent }),
        onError: (e) => {
          setConfirming(false);
          setError(reportError(e));
        },
      },
    );
  };

  const title =
    subject.kind === 'message' ? `Signaler un message de ${username}` : `Signaler ${username}`;
  // The reporter sees again what the moderators will read (as text, never as HTML).
  const quote = subject.kind === 'message' && (
    <blockquote className={styles['report__quote']}>{subject.text}</blockquote>
  );

  if (confirming) {
    return (
      <>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {subject.kind === 'message' ? REPORT_TEXTS.confirmMessage : REPORT_TEXTS.confirmProfile}
        </DialogDescription>
        {quote}
        <DialogFooter>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Retour
          </Button>
          <Button variant="danger" disabled={busy} onClick={send}>
            Confirmer
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="field__hint">
        Choisis le motif de ton signalement.
      </DialogDescription>
      {quote}
      <fieldset className={styles['report__reasons']}>
        <legend className="visually-hidden">Motif</legend>
        {reasons.isError && <p className="error-text">Aucun motif trouvé.</p>}
        {(reasons.data ?? []).map((r) => (
          <label key={r.id} className="checkbox">
            <input
              type="radio"
              name="report-motif"
              checked={motifId === r.id}
              onChange={() => setMotifId(r.id)}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      {other && (
        <div className="field">
          <label htmlFor="report-custom">Précise le motif</label>
          <textarea
            id="report-custom"
            className="input"
            rows={3}
            maxLength={LIMITS.reportReason.max}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
          <p className="field__hint">
            {custom.trim().length} / {LIMITS.reportReason.max}
          </p>
        </div>
      )}
      <FormError message={error} />
      <DialogFooter>
        <DialogCancel />
        <Button variant="primary" onClick={next}>
          Signaler
        </Button>
      </DialogFooter>
    </>
  );
}
