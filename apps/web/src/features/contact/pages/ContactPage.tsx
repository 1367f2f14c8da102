import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/ui/toast';
import {
  CONTACT_NAME_HINT,
  CONTACT_OBJETS,
  CONTACT_SUCCESS_MESSAGE,
  LIMITS,
  contactRequestSchema,
  type ContactRequest,
} from '@munegu/shared';
import { ABORTED, errorMessage } from '../../../lib/api';
import { useSendContact } from '../api';
import styles from './ContactPage.module.css';
import { cx } from '../../../lib/cx';
import { SubmitButton } from '../../../components/ui/SubmitButton';

const isName = (name: string) => name === 'prenom' || name === 'nom';

type FormValues = { prenom: string; nom: string; email: string; objet: string; message: string };

const EMPTY: FormValues = { prenom: '', nom: '', email: '', objet: '', message: '' };

export default function ContactPage() {
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ContactRequest>({
    // The select starts empty (''), which the schema rejects with its own message: the form's
    // raw values are wider than the schema's input type, hence the cast.
    resolver: zodResolver(contactRequestSchema) as unknown as Resolver<
      FormValues,
      unknown,
      ContactRequest
    >,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const messageLength = watch('message').length;

  const onSubmit = async (values: ContactRequest) => {
    try {
      const result = await send.mutateAsync(values);
      if (result === ABORTED) return;
      toast.success(CONTACT_SUCCESS_MESSAGE);
      reset(EMPTY);
    } catch (error) {
      // What was typed stays in the form so the visitor can try again.
      toast.error(errorMessage(error, 'Erreur serveur'));
    }
  };

  const fieldProps = (name: keyof FormValues) => ({
    id: `contact-${name}`,
    className: 'input',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name]
      ? `contact-${name}-error${isName(name) ? ` contact-${name}-hint` : ''}`
      : undefined,
  });
  const error = (name: keyof FormValues) =>
    errors[name] && (
      <>
        <p id={`contact-${name}-error`} className="field__error" role="alert">
          {errors[name]?.message}
        </p>
        {/* The spec's 'Nom invalide.' alone does not say that a space is what was refused. */}
        {isName(name) && (
          <p id={`contact-${name}-hint`} className="field__hint">
            {CONTACT_NAME_HINT}
          </p>
        )}
      </>
    );

  return (
    <section className="page page--narrow contact" aria-labelledby="contact-title">
      <h1 id="contact-title" className="page__title">
        Contact
      </h1>
      <p className={styles['contact__intro']}>
        Une question, un problème sur le site, une idée de partenariat ? Écris-nous, nous te
        répondrons par e-mail.
      </p>
      <form
        className={cx('card', styles['contact__form'])}
        onSubmit={handleSubmit(onSubmit)}
        noValidate
      >
        <div className="field-row">
          <div className="field">
            <label htmlFor="contact-prenom">Prénom</label>
            <input
              {...fieldProps('prenom')}
              autoComplete="given-name"
              maxLength={25}
              {...register('prenom')}
            />
            {error('prenom')}
          </div>
          <div className="field">
            <label htmlFor="contact-nom">Nom</label>
            <input
              {...fieldProps('nom')}
              autoComplete="family-name"
              maxLength={25}
              {...register('nom')}
            />
            {error('nom')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="contact-email">Adresse e-mail</label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.loginEmailMax}
            {...register('email')}
          />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="contact-objet">Objet</label>
          <select {...fieldProps('objet')} {...register('objet')}>
            <option value="">Choisir un objet…</option>
            {CONTACT_OBJETS.map((objet) => (
              <option key={objet} value={objet}>
                {objet}
              </option>
            ))}
          </select>
          {error('objet')}
        </div>
        <div className="field">
          <label htmlFor="contact-message">Message</label>
          <textarea
            {...fieldProps('message')}
            maxLength={LIMITS.contactMessage.max}
            {...register('message')}
          />
          <p className={cx('field__hint', styles['contact__counter'])} aria-live="polite">
            {messageLength} / {LIMITS.contactMessage.max} caractères (minimum{' '}
            {LIMITS.contactMessage.min})
          </p>
          {error('message')}
        </div>
        <SubmitButton
          variant="primary"
          className={styles['contact__submit']}
          disabled={isSubmitting}
        >
          {isSubmitting ? 'Envoi…' : 'Envoyer'}
        </SubmitButton>
      </form>
    </section>
  );
}
