import { useState } from 'react';
import { useDraft } from '../../../lib/hooks';
import {
  CONTEST_TEXTS as M,
  contestEndProblem,
  contestInputSchema,
  TEXTS,
  type Contest,
} from '@munegu/shared';
import { toast } from '../../../components/ui/toast';
import { Dialog } from '../../../components/ui/Dialog';
import { FormField, TextField, invalidProps } from '../../../components/ui/FormField';
import { fieldErrors } from '../../../components/ui/formErrors';
import { errorMessage, isApiError } from '../../../lib/api';
import { parisInputToIso, toParisInput } from '../../../lib/dates';
import { useDeleteContest, useSaveContest, useUploadContestImage } from '../mutations';
import { EditDeleteActions } from './EditDeleteActions';
import { PublishFooter, SilencedNotice } from './PublishFooter';
import { TitleField } from './TitleField';
import styles from './NewsEditor.module.css';
import { Button } from '../../../components/ui/Button';
import { FilePicker } from '../../../components/ui/FilePicker';

/**
 * Why an upload failed: the server's reason, or else what the failure itself tells. Without a
 * reason it was not the server judging the image ('Image invalide.' would blame the file): a
 * proxy's 413 page for a file over the cap, or no answer at all.
 */
const uploadProblem = (error: unknown) =>
  errorMessage(
    error,
    isApiError(error) && error.status === 413 ? M.imageTooLarge : TEXTS.generic.network,
  );

type Values = { titre: string; image: string; dateFin: string; lienInsta: string; lienX: string };
type Field = keyof Values;

/** The optional links where members take part, one field each. */
const LINKS = [
  {
    field: 'lienInsta',
    id: 'contest-insta',
    label: 'Lien Instagram (facultatif)',
    hint: M.instagramHint,
  },
  { field: 'lienX', id: 'contest-x', label: 'Lien X (facultatif)', hint: M.xHint },
] as const;

/**
 * What is wrong with each filled-in field, in the shared schema's words ('Lien X invalide.'),
 * and an end that is not ahead of now. An empty required field is not an error: it only keeps
 * 'Enregistrer' disabled.
 */
function problems(values: Values, end: Date | null): Partial<Record<Field, string>> {
  const parsed = contestInputSchema.safeParse({
    ...values,
    dateFin: end ? end.toISOString() : values.dateFin,
  });
  const found: Partial<Record<Field, string>> = parsed.success
    ? {}
    : (fieldErrors(parsed.error.issues) as Partial<Record<Field, string>>);
  if (end && !found.dateFin) {
    const late = contestEndProblem(end, new Date());
    if (late) found.dateFin = late;
  }
  for (const field of Object.keys(found) as Field[]) if (!values[field]) delete found[field];
  return found;
}

/**
 * 'ÉDITION CONCOURS' (spec sections 2 and 5): title, image and end date required; the
 * Instagram and X links are optional and decide where members take part. Each field says what
 * is wrong with it, the server's answer included; a successful save or deletion says so in a
 * toast ('Concours mis à jour avec succès !').
 */
function ContestEditDialog({ contest, onClose }: { contest: Contest | null; onClose: () => void }) {
  const { values, setValues, unsaved } = useDraft<Values>(() => ({
    titre: contest?.titre ?? '',
    image: contest?.image ?? '',
    // Paris time, as the card shows the end and the trip and match forms take their times.
    dateFin: contest ? toParisInput(contest.dateFin) : '',
    lienInsta: contest?.lienInsta ?? '',
    lienX: contest?.lienX ?? '',
  }));
  /** The last upload's refusal, until another file is chosen. */
  const [imageError, setImageError] = useState<string | null>(null);
  /** The server's refusal of the last save: per field, or for the form as a whole. */
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadContestImage();
  const save = useSaveContest();

  const endIso = values.dateFin ? parisInputToIso(values.dateFin) : '';
  const end = endIso ? new Date(endIso) : null;
  const local = problems(values, end);
  const errorOf = (field: Field) => local[field] ?? serverErrors[field];
  const ready =
    values.titre.trim() !== '' &&
    values.image !== '' &&
    values.dateFin !== '' &&
    Object.keys(local).length === 0;
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = () => {
    if (!ready || !end) return;
    setFailure(null);
    setServerErrors({});
    save.mutate(
      { id: contest?.id ?? null, body: { ...values, dateFin: end.toISOString() } },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
        onError: (error) => {
          // Deleted meanwhile: it leaves the refreshed list, and this form with it.
          if (isApiError(error) && error.status === 404) {
            toast.error(errorMessage(error, M.failed));
            return onClose();
          }
          const byField = isApiError(error)
            ? (fieldErrors(error.errors) as Partial<Record<Field, string>>)
            : {};
          setServerErrors(byField);
          if (Object.keys(byField).length === 0) setFailure(errorMessage(error, M.failed));
        },
      },
    );
  };

  const imageProblem = imageError ?? serverErrors.image;
  return (
    <Dialog open onClose={onClose} title="ÉDITION CONCOURS" wide unsaved={unsaved}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SilencedNotice />
        {values.image && (
          <img className={styles['contest-edit__image']} src={values.image} alt="" />
        )}
        <FormField id="contest-image" label="Image" error={imageProblem}>
          <FilePicker
            {...invalidProps('contest-image', imageProblem)}
            accept="image/png,image/jpeg,image/webp"
            onFile={(file) => {
              if (!file) return;
              // A new file starts afresh: an earlier refusal no longer describes the form.
              setImageError(null);
              // False on a refusal: the picker lets the file go, so that choosing it again
              // (the same file, after a lost connection) is a new choice that uploads it. An
              // upload overtaken by a newer one never settles: the newer one speaks.
              return new Promise<boolean>((settle) =>
                upload.mutate(file, {
                  onSuccess: (res) => {
                    set('image', res.image);
                    settle(true);
                  },
                  onError: (error) => {
                    setImageError(uploadProblem(error));
                    settle(false);
                  },
                }),
              );
            }}
          />
        </FormField>
        <TitleField
          id="contest-title"
          value={values.titre}
          error={errorOf('titre')}
          onChange={(titre) => set('titre', titre)}
        />
        <TextField
          id="contest-end"
          label="Fin du concours (heure de Paris)"
          type="datetime-local"
          min={toParisInput(new Date())}
          error={errorOf('dateFin')}
          value={values.dateFin}
          onChange={(e) => set('dateFin', e.target.value)}
        />
        {LINKS.map(({ field, id, label, hint }) => (
          <TextField
            key={field}
            id={id}
            label={label}
            type="url"
            inputMode="url"
            error={errorOf(field)}
            hint={hint}
            value={values[field]}
            onChange={(e) => set(field, e.target.value)}
          />
        ))}
        <PublishFooter
          failure={failure}
          ready={ready && !upload.isPending}
          busy={save.isPending}
          label="Enregistrer"
        />
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

/** 'Éditer' and 'Supprimer' under a contest, for editors (any REDACTEUR and above). */
export function ContestActions({ contest }: { contest: Contest }) {
  const remove = useDeleteContest();
  return (
    <EditDeleteActions
      name={contest.titre}
      confirm={M.confirmDelete}
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(contest.id, {
          onSuccess: (res) => {
            toast.success(res.message);
            done();
          },
          onError: (error) => {
            done();
            toast.error(errorMessage(error, M.deleteFailed));
          },
        })
      }
      editor={(close) => <ContestEditDialog contest={contest} onClose={close} />}
    />
  );
}
