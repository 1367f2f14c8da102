import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DESCRIPTION_MAX, USER_TEXTS, updateProfileSchema } from '@munegu/shared';
import {
  FormField,
  invalidProps,
  FormError,
  TextField,
  fieldsOf,
} from '../../../components/ui/FormField';
import { useAntennas } from '../../reference';
import type { PublicProfile } from '../api';
import { useUpdateProfile } from '../mutations';
import { AntennaPickerDialog } from './AntennaPickerDialog';
import { Dialog, FormDialogFooter } from '../../../components/ui/Dialog';
import { Button } from '../../../components/ui/Button';

/** The popup's fields, checked by the same schema as PATCH /users/me. */
const editSchema = z.object({
  description: z.string().pipe(updateProfileSchema.shape.description.unwrap().unwrap()),
  x_username: z.string().pipe(updateProfileSchema.shape.x_username.unwrap().unwrap()),
  insta_username: z.string().pipe(updateProfileSchema.shape.insta_username.unwrap().unwrap()),
});
type Values = z.input<typeof editSchema>;

type Props = {
  profile: PublicProfile;
  open: boolean;
  onClose: () => void;
  /** After a successful save, with the spec's message. */
  onSaved: (message: string) => void;
};

/** Own profile: description (with a counter), X and Instagram handles, antennas (≤ 2). */
export function EditProfileDialog({ profile, open, onClose, onSaved }: Props) {
  const antennas = useAntennas();
  const [opened] = useState<number[]>(() =>
    (profile.antennes ?? []).flatMap((a) => (a.id === undefined ? [] : [a.id])),
  );
  const [chosen, setChosen] = useState<number[]>(opened);
  const [picker, setPicker] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, unknown, z.output<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    mode: 'onChange',
    defaultValues: {
      description: profile.description ?? '',
      x_username: profile.x_username ?? '',
      insta_username: profile.insta_username ?? '',
    },
  });
  const field = fieldsOf(register, errors);
  const description = watch('description');

  const onSubmit = async (values: z.output<typeof editSchema>) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        description: values.description || null,
        x_username: values.x_username || null,
        insta_username: values.insta_username || null,
        antennes: chosen,
      });
      onSaved(USER_TEXTS.saved);
    } catch {
      setFailure(USER_TEXTS.saveFailed);
    }
  };

  const names = (antennas.data ?? [])
    .filter((a) => chosen.includes(a.id))
    .map((a) => a.nom)
    .join(' / ');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Modifier mon profil"
      description="Ces informations sont visibles par tous les visiteurs."
      descriptionClassName="field__hint"
      unsaved={isDirty || chosen.join() !== opened.join()}
    >
      <>
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField
            id="edit-description"
            label="Description"
            error={errors.description?.message}
            hint={`${description.length} / ${DESCRIPTION_MAX}`}
          >
            <textarea
              {...invalidProps('edit-description', errors.description?.message, true)}
              className="input"
              rows={4}
              maxLength={DESCRIPTION_MAX}
              {...register('description')}
            />
          </FormField>
          <div className="field-row">
            <TextField id="edit-x" label="Pseudo X" maxLength={30} {...field('x_username')} />
            <TextField
              id="edit-insta"
              label="Pseudo Instagram"
              maxLength={30}
              {...field('insta_username')}
            />
          </div>
          <div className="field">
            <span className="field__label">Antennes</span>
            <p className="field__hint">{names || 'Aucune antenne'}</p>
            <Button variant="outline" small onClick={() => setPicker(true)}>
              Choisir mes antennes
            </Button>
          </div>
          <FormError message={failure} />
          <FormDialogFooter disabled={isSubmitting} />
        </form>
        <AntennaPickerDialog
          open={picker}
          initial={chosen}
          onClose={() => setPicker(false)}
          onValidate={(ids) => {
            setChosen(ids);
            setPicker(false);
          }}
        />
      </>
    </Dialog>
  );
}
