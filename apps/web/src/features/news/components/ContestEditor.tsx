import { useState } from 'react';
import { toast } from 'sonner';
import { CONTEST_MESSAGES as M, type Contest } from '@munegu/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError, FormField } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useDeleteContest, useSaveContest, useUploadContestImage } from '../mutations';
import styles from './NewsEditor.module.css';

/** 'YYYY-MM-DDTHH:mm' in the browser's time, as a datetime-local input wants it. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * 'ÉDITION CONCOURS' (spec sections 2 and 5): title, image and end date required; the
 * Instagram and X links are optional and decide where members take part.
 */
function ContestEditDialog({ contest, onClose }: { contest: Contest | null; onClose: () => void }) {
  const [titre, setTitre] = useState(contest?.titre ?? '');
  const [image, setImage] = useState(contest?.image ?? '');
  const [dateFin, setDateFin] = useState(contest ? toLocalInput(contest.dateFin) : '');
  const [lienInsta, setLienInsta] = useState(contest?.lienInsta ?? '');
  const [lienX, setLienX] = useState(contest?.lienX ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadContestImage();
  const save = useSaveContest();
  const ready = titre.trim() !== '' && image !== '' && dateFin !== '';

  return (
    <Dialog open onClose={onClose} title="ÉDITION CONCOURS" wide>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          setFailure(null);
          save.mutate(
            {
              id: contest?.id ?? null,
              body: {
                titre,
                image,
                dateFin: new Date(dateFin).toISOString(),
                lienInsta,
                lienX,
              },
            },
            {
              onSuccess: (res) => {
                toast.success(res.message);
                onClose();
              },
              onError: (error) =>
                setFailure(errorMessage(error, 'Erreur lors de l’enregistrement.')),
            },
          );
        }}
      >
        {image && <img className={styles['contest-edit__image']} src={image} alt="" />}
        <FormField id="contest-image" label="Image">
          <input
            id="contest-image"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              upload.mutate(file, {
                onSuccess: (res) => setImage(res.image),
                onError: (error) => setFailure(errorMessage(error, M.invalidImage)),
              });
            }}
          />
        </FormField>
        <FormField id="contest-title" label="Titre">
          <input
            id="contest-title"
            className="input"
            maxLength={200}
            value={titre}
            onChange={(e) => setTitre(e.target.value)}
          />
        </FormField>
        <FormField id="contest-end" label="Fin du concours">
          <input
            id="contest-end"
            className="input"
            type="datetime-local"
            value={dateFin}
            onChange={(e) => setDateFin(e.target.value)}
          />
        </FormField>
        <FormField id="contest-insta" label="Lien Instagram (facultatif)">
          <input
            id="contest-insta"
            className="input"
            type="url"
            value={lienInsta}
            onChange={(e) => setLienInsta(e.target.value)}
          />
        </FormField>
        <FormField id="contest-x" label="Lien X (facultatif)">
          <input
            id="contest-x"
            className="input"
            type="url"
            value={lienX}
            onChange={(e) => setLienX(e.target.value)}
          />
        </FormField>
        <FormError message={failure} />
        <DialogFooter>
          <DialogCancel />
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!ready || save.isPending || upload.isPending}
          >
            {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export function AddContestButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--outline" onClick={() => setOpen(true)}>
        Ajouter un concours
      </button>
      {open && <ContestEditDialog contest={null} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 'Éditer' and 'Supprimer' under a contest, for editors. */
export function ContestActions({ contest }: { contest: Contest }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteContest();
  return (
    <div className={styles['news-actions']} role="group" aria-label={`Gérer « ${contest.titre} »`}>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
        Éditer
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setDeleting(true)}>
        Supprimer
      </button>
      {editing && <ContestEditDialog contest={contest} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        title="Supprimer le concours"
        message="Es-tu sûr de vouloir supprimer ce concours ?"
        confirmLabel="Supprimer"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(contest.id, {
            onSuccess: (res) => {
              toast.success(res.message);
              setDeleting(false);
            },
            onError: () => toast.error('Erreur lors de la suppression.'),
          })
        }
      />
    </div>
  );
}
