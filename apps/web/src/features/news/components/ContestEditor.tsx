import { useState } from 'react';
import { toast } from 'sonner';
import { CONTEST_TEXTS as M, type Contest } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError, FormField, TextField } from '../../../components/ui/FormField';
import { errorMessage } from '../../../lib/api';
import { useDeleteContest, useSaveContest, useUploadContestImage } from '../mutations';
import { EditDeleteActions } from './EditDeleteActions';
import styles from './NewsEditor.module.css';
import { Button } from '../../../components/ui/Button';

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
  const fields: [string, string, string, string, (value: string) => void][] = [
    ['contest-title', 'Titre', 'text', titre, setTitre],
    ['contest-end', 'Fin du concours', 'datetime-local', dateFin, setDateFin],
    ['contest-insta', 'Lien Instagram (facultatif)', 'url', lienInsta, setLienInsta],
    ['contest-x', 'Lien X (facultatif)', 'url', lienX, setLienX],
  ];

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
        {fields.map(([id, label, type, value, set]) => (
          <TextField
            key={id}
            id={id}
            label={label}
            type={type}
            maxLength={300}
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        ))}
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
      <Button variant="outline" onClick={() => setOpen(true)}>
        Ajouter un concours
      </Button>
      {open && <ContestEditDialog contest={null} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 'Éditer' and 'Supprimer' under a contest, for editors. */
export function ContestActions({ contest }: { contest: Contest }) {
  const remove = useDeleteContest();
  return (
    <EditDeleteActions
      name={contest.titre}
      confirm="Es-tu sûr de vouloir supprimer ce concours ?"
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(contest.id, {
          onSuccess: (res) => {
            toast.success(res.message);
            done();
          },
          onError: () => toast.error('Erreur lors de la suppression.'),
        })
      }
      editor={(close) => <ContestEditDialog contest={contest} onClose={close} />}
    />
  );
}
