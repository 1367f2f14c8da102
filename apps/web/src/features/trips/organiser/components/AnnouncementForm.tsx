import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { TRIP_LIMITS, TRIP_TEXTS, announcementInputSchema } from '@munegu/shared';
import { FormError } from '../../../../components/ui/FormField';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { useSingleSubmit } from '../../../../lib/hooks';
import { useAnnounce } from '../api';
import styles from './organiser.module.css';
import { SubmitButton } from '../../../../components/ui/SubmitButton';

/**
 * An announcement to everyone on the coach (issue 30): posted in the trip's thread with the
 * 'ANNONCE' mark and sent to each registrant's bell. The text stays in the field until the
 * server has taken it, so a refusal or a cut network loses nothing.
 */
export function AnnouncementForm({
  tripId,
  threadId,
  online,
}: {
  tripId: number;
  /** The trip's thread when the caller is in it: the hint then leads there. */
  threadId: number | null;
  online: boolean;
}) {
  const announce = useAnnounce(tripId);
  const once = useSingleSubmit();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = announcementInputSchema.safeParse({ content: text });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    if (!once.start()) return;
    setError(null);
    announce.mutate(checked.data.content, {
      onSuccess: () => {
        setText('');
        toast.success(TRIP_TEXTS.announcementSent);
      },
      onError: (e) => setError(errorMessage(e, 'Envoi impossible.')),
      onSettled: once.done,
    });
  };

  return (
    <form className={styles['announce']} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles['announce__label']}>
        Annonce aux inscrits
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        Publiée dans le{' '}
        {threadId === null ? (
          'fil du car'
        ) : (
          <Link to={`/messages/groupes/${threadId}`}>fil du car</Link>
        )}{' '}
        et envoyée à chaque inscrit ayant sa place (pas à la liste d’attente).
      </p>
      <textarea
        id={id}
        className="input"
        rows={3}
        maxLength={TRIP_LIMITS.announcementMax}
        value={text}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? 'true' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <FormError message={error} />
      <div className={styles['announce__row']}>
        <span className="field__hint">
          {text.trim().length} / {TRIP_LIMITS.announcementMax}
        </span>
        <SubmitButton variant="primary" disabled={announce.isPending || !online}>
          {announce.isPending ? 'Envoi…' : 'Envoyer l’annonce'}
        </SubmitButton>
      </div>
    </form>
  );
}
