import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import {
  AUTH_TEXTS,
  LIMITS,
  TEXTS,
  birthDateTextSchema,
  capitalizeName,
  isOldEnough,
  parseBirthDate,
  registrationSchema,
  type RegistrationInput as Values,
} from '@munegu/shared';
import { ABORTED, ApiError } from '../../../lib/api';
import { ResultPopup } from '../../../components/ui/ResultPopup';
import { useAntennas, useDepartments } from '../../reference';
import { accountApi } from '../api';
import { useRegister } from '../mutations';
import { FormField, invalidProps } from '../../../components/ui/FormField';
import styles from './RegisterForm.module.css';
import { cx } from '../../../lib/cx';
import { AuthSubmit } from './AuthSubmit';

/**
 * The registration rules, plus the age the API checks against its clock (at least 7 years):
 * said as soon as the birth date is left or corrected, not only after submitting.
 */
const registrationFormSchema = registrationSchema.extend({
  date_naissance: birthDateTextSchema.refine((text) => {
    const iso = parseBirthDate(text);
    return iso === null || isOldEnough(iso, new Date());
  }, AUTH_TEXTS.tooYoung),
});

type Output = z.output<typeof registrationFormSchema>;

const DEFAULTS: Values = {
  prenom: '',
  nom: '',
  username: '',
  email: '',
  password: '',
  date_naissance: '',
  departement: '',
  antennes: [],
  notif_mail_appli: true,
  notif_mail_promo: false,
};

/** The server's inline text: its list of messages joined by line breaks, or its message. */
export function registrationError(e: unknown): string {
  if (e instanceof ApiError && e.network) return TEXTS.generic.network;
  if (e instanceof ApiError && e.errors.length)
    return e.errors.map((err) => err.message).join('\n');
  if (e instanceof ApiError && e.fromServer && e.message) return e.message;
  return TEXTS.generic.error;
}

type PseudoState = 'idle' | 'checking' | 'free' | 'taken';

/** Registration (spec sections 3 and 5); the server's errors show inline and in a popup. */
export function RegisterForm({ onRegistered }: { onRegistered?: () => void }) {
  const departments = useDepartments();
  const antennas = useAntennas();
  const registration = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pseudo, setPseudo] = useState<PseudoState>('idle');
  const [popup, setPopup] = useState<{ status: 'success' | 'error'; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const chosen = watch('antennes');
  const username = watch('username');
  // Derived, not set with setError: the form checks the field's rules again when it is left,
  // which cleared an error set by hand while the pseudo was still taken.
  const usernameError =
    errors.username?.message ?? (pseudo === 'taken' ? AUTH_TEXTS.pseudoTaken : undefined);

  // Live availability of the pseudo, debounced; only for a pseudo the rules already accept.
  useEffect(() => {
    const candidate = username.trim();
    if (!registrationSchema.shape.username.safeParse(candidate).success) {
      setPseudo('idle');
      return;
    }
    const controller = new AbortController();
    const id = window.setTimeout(() => {
      setPseudo('checking');
      accountApi
        .checkUsername(candidate, controller.signal)
        .then((result) => {
          if (result === ABORTED) return;
          setPseudo(result?.taken ? 'taken' : 'free');
        })
        // The server checks again on submit.
        .catch(() => setPseudo('idle'));
    }, LIMITS.searchDebounceMs);
    return () => {
      window.clearTimeout(id);
      controller.abort();
    };
  }, [username]);

  const toggleAntenna = (id: number) => {
    const next = chosen.includes(id) ? chosen.filter((a) => a !== id) : [...chosen, id];
    if (next.length <= LIMITS.maxAntennas) setValue('antennes', next, { shouldValidate: true });
  };

  const onSubmit = async (values: Output) => {
    setServerError(null);
    // Said under the field already (usernameError).
    if (pseudo === 'taken') return;
    try {
      const body = {
        ...values,
        prenom: capitalizeName(values.prenom),
        nom: values.nom.trim().toUpperCase(),
      };
      await registration.mutateAsync(body);
      reset(DEFAULTS);
      setPseudo('idle');
      setPopup({
        status: 'success',
        message:
          "Création réussie ! Si l'adresse e-mail est valide, un lien de confirmation vous a été envoyé.",
      });
    } catch (e) {
      // The typed values stay in the form so the member can correct them.
      const message = registrationError(e);
      setServerError(message);
      setPopup({
        status: 'error',
        message: `Problème survenu lors de votre inscription. Erreur : ${message}`,
      });
    }
  };

  const text = (
    name: 'prenom' | 'nom' | 'username' | 'email' | 'password' | 'date_naissance',
    label: string,
    extra = {},
  ) => {
    const id = `register-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={error}>
        <input {...invalidProps(id, error)} className="input" {...extra} {...register(name)} />
      </FormField>
    );
  };

  const groups = new Map<string, typeof antennas.data>();
  for (const antenna of antennas.data ?? []) {
    const list = groups.get(antenna.categorie) ?? [];
    list.push(antenna);
    groups.set(antenna.categorie, list);
  }

  return (
    <>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className="field-row">
          {text('prenom', 'Prénom', { autoComplete: 'given-name', maxLength: 25 })}
          {text('nom', 'Nom', { autoComplete: 'family-name', maxLength: 25 })}
        </div>
        <FormField id="register-username" label="Pseudo" error={usernameError}>
          <input
            {...invalidProps('register-username', usernameError)}
            className="input"
            autoComplete="username"
            maxLength={LIMITS.pseudo.max}
            {...register('username')}
          />
          {pseudo === 'free' && !usernameError && (
            <p className="success-text" role="status">
              Pseudo disponible
            </p>
          )}
        </FormField>
        {text('email', 'Adresse e-mail', { type: 'email', autoComplete: 'email' })}
        {text('password', 'Mot de passe', {
          type: 'password',
          autoComplete: 'new-password',
          maxLength: LIMITS.password.max,
        })}
        <div className="field-row">
          {text('date_naissance', 'Date de naissance (JJ/MM/AAAA)', {
            inputMode: 'numeric',
            placeholder: 'JJ/MM/AAAA',
            maxLength: 10,
            autoComplete: 'bday',
          })}
          <FormField
            id="register-departement"
            label="Département"
            error={errors.departement?.message}
          >
            <select
              {...invalidProps('register-departement', errors.departement?.message)}
              className="input"
              {...register('departement')}
            >
              <option value="">Choisir…</option>
              {(departments.data ?? []).map((d) => (
                <option key={d.code} value={d.code}>
                  {d.code.replace(/^FR-/i, '')} – {d.name}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <fieldset className={styles['auth-form__fieldset']}>
          <legend className="field__label">Antennes de supporters (2 au maximum)</legend>
          {groups.size === 0 ? (
            <p className="field__hint">Aucune antenne disponible.</p>
          ) : (
            [...groups.entries()].map(([categorie, list]) => (
              <div key={categorie} className={styles['auth-form__antennas']}>
                <p className="field__hint">{categorie}</p>
                {list?.map((antenna) => (
                  <label key={antenna.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={chosen.includes(antenna.id)}
                      disabled={!chosen.includes(antenna.id) && chosen.length >= LIMITS.maxAntennas}
                      onChange={() => toggleAntenna(antenna.id)}
                    />
                    {antenna.nom}
                  </label>
                ))}
              </div>
            ))
          )}
          {errors.antennes?.message && <p className="field__error">{errors.antennes.message}</p>}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" {...register('notif_mail_appli')} />
          Recevoir les e-mails de l’application (rappels de pronostics…)
        </label>
        <label className="checkbox">
          <input type="checkbox" {...register('notif_mail_promo')} />
          Recevoir les e-mails promotionnels (concours, offres…)
        </label>
        <p className="field__hint">
          En créant un compte, tu acceptes le{' '}
          <Link to="/traitement-donnees">traitement de tes données</Link>.
        </p>
        {serverError && (
          <p className={cx('error-text', styles['auth-form__server-error'])} role="alert">
            {serverError}
          </p>
        )}
        <AuthSubmit disabled={isSubmitting}>
          {isSubmitting ? 'Création…' : 'Créer mon compte'}
        </AuthSubmit>
      </form>
      <ResultPopup
        open={popup !== null}
        status={popup?.status ?? 'success'}
        message={popup?.message ?? ''}
        onClose={() => {
          if (popup?.status === 'success') onRegistered?.();
          setPopup(null);
        }}
      />
    </>
  );
}
