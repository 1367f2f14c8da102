import {
  MODERATION_LIMITS,
  MODERATION_TEXTS,
  moderationReasonSchema,
  type LiftedSanction,
} from '@munegu/shared';
import { useState, type FormEvent, type RefObject } from 'react';
import { toast } from '../../../components/ui/toast';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError, FormField, invalidProps } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useOwnSilence } from '../../../lib/silence';
import { useMemberAction } from '../mutations';
import styles from './SanctionDialog.module.css';

export type SanctionKind = 'dismiss' | 'warn' | 'silence' | 'suspend' | 'ban' | 'lift';
/** What a lift ends, for its wording; 'several' when a silence and a suspension are in force. */
export type Lifting = LiftedSanction | 'several';

interface DialogTexts {
  title: string;
  label: string;
  submit: string;
  /** What the sanction does, under the title. */
  hint?: string;
}

const MAILED = 'Raison (envoyée au membre par e-mail)';
const LIFT_NOTE = 'Note (facultative)';

const DIALOG_TEXTS: Record<Exclude<SanctionKind, 'lift'>, DialogTexts> = {
  dismiss: { title: 'Classer le signalement', label: 'Note (facultative)', submit: 'Classer' },
  warn: { title: 'Avertir {pseudo}', label: MAILED, submit: 'Envoyer l’avertissement' },
  silence: {
    title: 'Réduire {pseudo} au silence',
    label: MAILED,
    submit: 'Réduire au silence',
    hint: 'Le membre continue de tout lire, mais ne peut plus envoyer de messages, de propositions ou de demandes de covoiturage, de signalements ni de notes. Un membre de l’équipe ne peut plus non plus publier d’actualités ou de concours, ni prononcer de sanctions.',
  },
  suspend: {
    title: 'Suspendre {pseudo}',
    label: MAILED,
    submit: 'Suspendre',
    hint: 'Le membre est déconnecté et ne peut plus se connecter jusqu’à la fin de la suspension.',
  },
  ban: {
    title: 'Bannir {pseudo}',
    label: MAILED,
    submit: 'Bannir',
    hint: 'Le membre est déconnecté et ne peut plus se connecter jusqu’à la levée du bannissement.',
  },
};

const LIFT_TEXTS: Record<Lifting, DialogTexts> = {
  suspension: {
    title: 'Lever la suspension de {pseudo}',
    label: LIFT_NOTE,
    submit: 'Lever la suspension',
  },
  ban: {
    title: 'Lever le bannissement de {pseudo}',
    label: LIFT_NOTE,
    submit: 'Lever le bannissement',
  },
  silence: { title: 'Lever le silence de {pseudo}', label: LIFT_NOTE, submit: 'Lever le silence' },
  several: {
    title: 'Lever les sanctions de {pseudo}',
    label: LIFT_NOTE,
    submit: 'Lever les sanctions',
  },
};

/** The label of the button that opens a lift, by what is in force. */
export const liftLabel = (lifting: Lifting): string => LIFT_TEXTS[lifting].submit;

const textsOf = (kind: SanctionKind, lifting: Lifting = 'suspension') =>
  kind === 'lift' ? LIFT_TEXTS[lifting] : DIALOG_TEXTS[kind];

const { days: DAYS } = MODERATION_LIMITS;
const withDays = (kind: SanctionKind) => kind === 'suspend' || kind === 'silence';

type Submit = (input: { reason: string; days?: number }) => Promise<{ message: string }>;

type Props = {
  /** null: closed. */
  kind: SanctionKind | null;
  /** The member's pseudo, for the title ('ce membre' without it). */
  pseudo?: string;
  onClose: () => void;
  /** For 'lift': what is in force, for the wording (default 'suspension'). */
  lifting?: Lifting;
  /** Takes the focus back when the button that opened the dialog went with the action. */
  fallbackFocus?: RefObject<HTMLElement | null>;
} & (
  | {
      /**
       * A sanction on this member without a report (warn, silence, suspend, ban, lift): the
       * dialog calls POST /moderation/users/:id/<kind> itself.
       */
      userId: number;
      onSubmit?: never;
    }
  | {
      /** Any other action (those on a report): sends it; resolves to the server's message. */
      onSubmit: Submit;
      userId?: never;
    }
);

/**
 * Asks the reason (and the days of a silence or a suspension) before a moderation action, then
 * says the server's answer in a toast. With `userId` it sanctions that member directly:
 *
 *   <SanctionDialog userId={member.id} pseudo={member.pseudo} kind="silence" onClose={close} />
 */
export function SanctionDialog(props: Props) {
  const { kind, pseudo, onClose, lifting, fallbackFocus } = props;
  const act = useMemberAction();
  const texts = textsOf(kind ?? 'dismiss', lifting);
  const submit: Submit = props.userId
    ? (input) => {
        if (kind === 'dismiss' || kind === null) throw new Error('Pas d’action sur un membre.');
        return act.mutateAsync({ action: kind, id: props.userId, ...input });
      }
    : props.onSubmit!;
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      title={texts.title.replace('{pseudo}', pseudo || 'ce membre')}
      freshContent
      {...(fallbackFocus ? { fallbackFocus } : {})}
    >
      {kind && <SanctionForm kind={kind} texts={texts} onClose={onClose} onSubmit={submit} />}
    </Dialog>
  );
}

function SanctionForm({
  kind,
  texts,
  onClose,
  onSubmit,
}: {
  kind: SanctionKind;
  texts: DialogTexts;
  onClose: () => void;
  onSubmit: Submit;
}) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(kind === 'silence' ? '3' : '7');
  const [errors, setErrors] = useState<{ reason?: string; days?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const optional = kind === 'dismiss' || kind === 'lift';
  // A dismissal or a lift mails nothing: a silenced moderator may still make them.
  const ownSilence = useOwnSilence();
  const silenced = optional ? null : ownSilence;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const parsed = moderationReasonSchema.safeParse(reason);
    if (!(optional && reason.trim() === '') && !parsed.success)
      next.reason = parsed.error.issues[0]?.message;
    const n = Number(days);
    if (withDays(kind) && !(Number.isInteger(n) && n >= DAYS.min && n <= DAYS.max))
      next.days = MODERATION_TEXTS.days;
    setErrors(next);
    if (next.reason || next.days) return;
    setBusy(true);
    try {
      const result = await onSubmit({
        reason: parsed.success ? parsed.data : '',
        ...(withDays(kind) ? { days: n } : {}),
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
      {texts.hint && <p className={styles['sanction__hint']}>{texts.hint}</p>}
      {withDays(kind) && (
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
      <FormError message={errors.form ?? silenced} />
      <DialogFooter>
        <DialogCancel />
        <button
          type="submit"
          className={`btn ${kind === 'ban' ? 'btn--danger' : 'btn--primary'}`}
          disabled={busy || silenced !== null}
        >
          {texts.submit}
        </button>
      </DialogFooter>
    </form>
  );
}
