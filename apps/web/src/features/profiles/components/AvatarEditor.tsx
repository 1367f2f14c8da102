import { useRef, useState } from 'react';
import { USER_TEXTS } from '@munegu/shared';
import { errorMessage } from '../../../lib/api';
import { useDeleteAvatar, useUploadAvatar } from '../mutations';
import { isAcceptedAvatar } from '../uploadAvatar';
import styles from './AvatarEditor.module.css';
import { Button } from '../../../components/ui/Button';
import { FilePicker } from '../../../components/ui/FilePicker';

type Props = {
  hasPicture: boolean;
  /** After a change, with the message to show. */
  onDone: (result: { ok: boolean; message: string }) => void;
};

/** Own profile: choose a new avatar (with upload progress) or remove the current one. */
export function AvatarEditor({ hasPicture, onDone }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = useUploadAvatar();
  const deleting = useDeleteAvatar();
  const busy = uploading.isPending || deleting.isPending;

  const upload = (file: File | null) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Checked here too so a wrong file is refused before any byte is sent.
    if (!isAcceptedAvatar(file)) {
      onDone({ ok: false, message: USER_TEXTS.avatarFormat });
      return;
    }
    setProgress(0);
    uploading.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) =>
          onDone({ ok: true, message: result.message || USER_TEXTS.avatarUpdated }),
        onError: (error) =>
          onDone({ ok: false, message: errorMessage(error, 'Une erreur est survenue.') }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const remove = () =>
    deleting.mutate(undefined, {
      onSuccess: () => onDone({ ok: true, message: USER_TEXTS.avatarDeleted }),
      onError: () => onDone({ ok: false, message: USER_TEXTS.avatarDeleteFailed }),
    });

  return (
    <div className={styles['avatar-editor']}>
      <FilePicker
        ref={input}
        id="avatar-file"
        accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
        buttonLabel="Changer ma photo"
        showFileName={false}
        disabled={busy}
        onFile={upload}
      />
      {hasPicture && (
        <Button variant="ghost" small disabled={busy} onClick={remove}>
          Supprimer ma photo
        </Button>
      )}
      {progress !== null && (
        <div className={styles['avatar-editor__progress']}>
          <progress max={100} value={Math.round(progress * 100)} aria-label="Envoi de la photo" />
          <span aria-hidden="true">{Math.round(progress * 100)} %</span>
        </div>
      )}
    </div>
  );
}
