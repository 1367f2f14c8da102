import { useRef, useState } from 'react';
import { USER_MESSAGES } from '@munegu/shared';
import { ABORTED, errorMessage } from '../../../lib/api';
import { profileApi } from '../api';
import { isAcceptedAvatar, uploadAvatar } from '../uploadAvatar';

type Props = {
  hasPicture: boolean;
  /** After a change, with the message to show. */
  onDone: (result: { ok: boolean; message: string }) => void;
};

/** Own profile: choose a new avatar (with upload progress) or remove the current one. */
export function AvatarEditor({ hasPicture, onDone }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Checked here too so a wrong file is refused before any byte is sent.
    if (!isAcceptedAvatar(file)) {
      onDone({ ok: false, message: USER_MESSAGES.avatarFormat });
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const result = await uploadAvatar(file, setProgress);
      onDone({ ok: true, message: result.message || USER_MESSAGES.avatarUpdated });
    } catch (error) {
      onDone({ ok: false, message: errorMessage(error, 'Une erreur est survenue.') });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      if ((await profileApi.deleteAvatar()) === ABORTED) return;
      onDone({ ok: true, message: USER_MESSAGES.avatarDeleted });
    } catch {
      onDone({ ok: false, message: USER_MESSAGES.avatarDeleteFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="avatar-editor">
      <input
        ref={input}
        id="avatar-file"
        type="file"
        accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
        className="visually-hidden"
        disabled={busy}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <label htmlFor="avatar-file" className="btn btn--outline btn--small" aria-disabled={busy}>
        Changer ma photo
      </label>
      {hasPicture && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={busy}
          onClick={() => void remove()}
        >
          Supprimer ma photo
        </button>
      )}
      {progress !== null && (
        <div className="avatar-editor__progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label="Envoi de la photo" />
          <span aria-hidden="true">{Math.round(progress * 100)} %</span>
        </div>
      )}
    </div>
  );
}
