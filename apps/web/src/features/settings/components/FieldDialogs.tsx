import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AUTH_TEXTS, LIMITS } from '@munegu/shared';
import { ABORTED, errorMessage } from '../../../lib/api';
import { useUpdateDepartement, useUpdateUsername } from '../mutations';
import { FormField, invalidProps, FormError } from '../../../components/ui/FormField';
import { accountApi } from '../../account';
import { useDepartments } from '../../reference';
import { departementFormSchema, pseudoFormSchema } from '../schemas';
import { Dialog, FormDialogFooter } from '../../../components/ui/Dialog';

export type Outcome = { ok: boolean; message: string };
type Props = { open: boolean; onClose: () => void; onDone: (outcome: Outcome) => void };

const UPDATED = 'Mise à jour réussie !';
const UPDATE_FAILED = 'Erreur lors de la mise à jour';

/**
 * Pseudo modal: the settings rule, then availability while typing (debounced, the check the
 * registration uses), then PATCH /users/me/parametres (which checks again).
 */
export function PseudoDialog({ current, ...props }: Props & { current: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [availability, setAvailability] = useState<'idle' | 'checking' | 'free' | 'taken'>('idle');
  const update = useUpdateUsername();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<z.input<typeof pseudoFormSchema>, unknown, z.output<typeof pseudoFormSchema>>({
    resolver: zodResolver(pseudoFormSchema),
    mode: 'onChange',
    defaultValues: { username: current },
  });
  const username = watch('username');

  // Only a pseudo the rules accept, and not the member's own (a change of case is theirs).
  useEffect(() => {
    const candidate = username.trim();
    if (
      candidate.toLowerCase() === current.toLowerCase() ||
      !pseudoFormSchema.shape.username.safeParse(candidate).success
    ) {
      setAvailability('idle');
      return;
    }
    const controller = new AbortController();
    setAvailability('checking');
    const id = window.setTimeout(() => {
      accountApi
        .checkUsername(candidate, controller.signal)
        .then((result) => {
          if (result === ABORTED) return;
          setAvailability(result?.taken ? 'taken' : 'free');
          if (result?.taken) setError('username', { message: AUTH_TEXTS.pseudoTaken });
        })
        // The submit checks again.
        .catch(() => setAvailability('idle'));
    }, LIMITS.searchDebounceMs);
    return () => {
      window.clearTimeout(id);
      controller.abort();
    };
  }, [username, current, setError]);

  const onSubmit = async ({ username }: z.output<typeof pseudoFormSchema>) => {
    setFailure(null);
    try {
      if (username.toLowerCase() !== current.toLowerCase()) {
        const check = await accountApi.checkUsername(username);
        if (check !== ABORTED && check?.taken) {
          setError('username', { message: AUTH_TEXTS.pseudoTaken });
          return;
        }
      }
      const result = await update.mutateAsync(username);
      props.onDone({ ok: true, message: result?.message || UPDATED });
    } catch (error) {
      setFailure(errorMessage(error, UPDATE_FAILED));
    }
  };

  return (
    <Dialog open={props.open} title="Modifier mon pseudo" onClose={props.onClose} wide freshContent>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="settings-username" label="Nouveau pseudo" error={errors.username?.message}>
          <input
            {...invalidProps('settings-username', errors.username?.message)}
            className="input"
            autoComplete="username"
            {...register('username')}
          />
          {availability === 'free' && !errors.username && (
            <p className="success-text" role="status">
              Pseudo disponible
            </p>
          )}
        </FormField>
        <FormError message={failure} />
        <FormDialogFooter
          disabled={
            !isValid || isSubmitting || availability === 'taken' || availability === 'checking'
          }
        />
      </form>
    </Dialog>
  );
}

/** Department modal: a code from the list, sent without 'FR-'. */
export function DepartementDialog({ current, ...props }: Props & { current: string }) {
  const departments = useDepartments();
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateDepartement();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<
    z.input<typeof departementFormSchema>,
    unknown,
    z.output<typeof departementFormSchema>
  >({
    resolver: zodResolver(departementFormSchema),
    mode: 'onChange',
    defaultValues: { departement: current.replace(/^FR-/i, '') },
  });

  const onSubmit = async ({ departement }: z.output<typeof departementFormSchema>) => {
    setFailure(null);
    try {
      const result = await update.mutateAsync(departement);
      props.onDone({ ok: true, message: result?.message || UPDATED });
    } catch (error) {
      setFailure(errorMessage(error, UPDATE_FAILED));
    }
  };

  return (
    <Dialog
      open={props.open}
      title="Modifier mon département"
      onClose={props.onClose}
      wide
      freshContent
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField
          id="settings-departement"
          label="Département"
          error={errors.departement?.message}
        >
          <select
            {...invalidProps('settings-departement', errors.departement?.message)}
            className="input"
            {...register('departement')}
          >
            <option value="">Choisir…</option>
            {(departments.data ?? []).map((d) => {
              const code = d.code.replace(/^FR-/i, '');
              return (
                <option key={code} value={code}>
                  {code} - {d.name}
                </option>
              );
            })}
          </select>
        </FormField>
        <FormError message={failure} />
        <FormDialogFooter disabled={!isValid || isSubmitting} />
      </form>
    </Dialog>
  );
}
