import { MODERATION_LIMITS, MODERATION_TEXTS, moderationReasonSchema } from '@munegu/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError, FormField, invalidProps } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import styles from './SanctionDialog.module.css';

export type SanctionKind = 'dismiss' | 'warn' | 'suspend' | 'ban' | 'lift';

const DIALOG_TEXTS: Record<SanctionKind, { title: string; label: string; submit: string }> = {
  dismiss: { title: 'Classer le signalement', label: 'Note (facultative)', submit: 'Classer' },
  warn: {
    title: 'Avertir {pseudo}',
    label: 'Raison (envoyée au membre par e-mail)',
    submit: 'Envoyer l’avertissement',
  },
  suspend: { title: 'Suspendre {pseudo}', label: 'Raison', submit: 'Suspendre' },
  ban: { title: 'Bannir {pseudo}', label: 'Raison', submit: 'Bannir' },
  lift: {
    title: 'Lever la suspension de {pseudo}',
    label: 'Note (facultative)',
    submit: 'Lever la suspension',
  },
};

const { days: DAYS } = MODERATION_LIMITS;

type Props = {
  kind: SanctionKind | null;
  pseudo: string;
  onClose: () => void;
  /** Sends the action; resolves to the server's message, shown as a toast. */
  onSubmit: (input: { reason: string; days?: number }) => Promise<{ message: string }>;
};

/** Asks the reason (and the days of a suspension) before a moderation action. */
export function SanctionDialog({ kind, pseudo, onClose, onSubmit }: Props) {
  const texts = DIALOG_TEXTS[kind ?? 'dismiss'];
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      title={texts.title.replace('{pseudo}', pseudo)}
      freshContent
    >
      {kind && <SanctionForm kind={kind} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function SanctionForm({
  kind,
  onClose,
  onSubmit,
}: Pick<Props, 'onClose' | 'onSubmit'> & { kind: SanctionKind }) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [errors, setErrors] = useState<{ reason?: string; days?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const optional = kind === 'dismiss' || kind === 'lift';
  const texts = DIALOG_TEXTS[kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const parsed = moderationReasonSchema.safeParse(reason);
    if (!(optional && reason.trim() === '') && !parsed.success)
      next.reason = parsed.error.issues[0]?.message;
    const n = Number(days);
    if (kind === 'suspend' && !(Number.isInteger(n) && n >= DAYS.min && n <= DAYS.max))
      next.days = MODERATION_TEXTS.days;
    setErrors(next);
    if (next.reason || next.days) return;
    setBusy(true);
    try {
      const result = await onSubmit({
        reason: parsed.success ? parsed.data : '',
        ...(kind === 'suspend' ? { days: n } : {}),
      });
      toast.success(result.message);
      onClose();
    } catch (e) {
      setErrors({ form: errorMessage(e, 'L’action n’a pas pu être enregistrée.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={styles['sanction']}>
      {kind === 'suspend' && (
        <FormField id="sanction-days" label="Durée (jours)" error={errors.days}>
          <input
            {...invalidProps('sanction-days', errors.days)}
            className="input"
            type="number"
            inputMode="numeric"
            min={DAYS.min}
            max={DAYS.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </FormField>
      )}
      <FormField id="sanction-reason" label={texts.label} error={errors.reason}>
        <textarea
          {...invalidProps('sanction-reason', errors.reason)}
          className="input"
          rows={4}
          maxLength={MODERATION_LIMITS.reason.max}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      <FormError message={errors.form} />
      <DialogFooter>
        <DialogCancel />
        <button
          type="submit"
          className={`btn ${kind === 'ban' ? 'btn--danger' : 'btn--primary'}`}
          disabled={busy}
        >
          {texts.submit}
        </button>
      </DialogFooter>
    </form>
  );
}
