import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import {
  AUTH_TEXTS,
  LIMITS,
  SANCTION_TEXTS,
  TEXTS,
  loginSchema,
  type LoginInput,
} from '@munegu/shared';
import { ApiError, errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useLogin, useResendConfirmation } from '../mutations';
import { TextField, fieldsOf, INPUT } from '../../../components/ui/FormField';
import styles from './LoginForm.module.css';
import { Button } from '../../../components/ui/Button';
import { AuthSubmit } from './AuthSubmit';

type Values = LoginInput;

/** Login states of spec section 4: normal, rate-limited with a countdown, inactive account. */
export function LoginForm({
  onForgotPassword,
  backFromForgot = false,
}: {
  onForgotPassword: () => void;
  /** The member came back from the forgotten-password form: the focus returns to its link. */
  backFromForgot?: boolean;
}) {
  const forgotLink = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (backFromForgot) forgotLink.current?.focus();
  }, [backFromForgot]);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const login = useLogin();
  const resendConfirmation = useResendConfirmation();
  const [error, setError] = useState<string | null>(null);
  const [inactive, setInactive] = useState(false);
  const [suspended, setSuspended] = useState<string | null>(null);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [resent, setResent] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(loginSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const field = fieldsOf(register, errors);

  // What the server said was about the address and password sent: retyping either takes it
  // away (the wait of a 429 stays, it is about this browser).
  useEffect(() => {
    const typing = watch(() => {
      setError(null);
      setInactive(false);
      setSuspended(null);
      setResent(null);
    });
    return () => typing.unsubscribe();
  }, [watch]);

  useEffect(() => {
    if (waitSeconds <= 0) return;
    const id = window.setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [waitSeconds]);

  const onSubmit = async (values: Values) => {
    setError(null);
    setInactive(false);
    setSuspended(null);
    setResent(null);
    try {
      const result = await login.mutateAsync(values);
      await signIn(result.access_token);
      navigate('/', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 429) {
        setWaitSeconds(e.ttl ?? LIMITS.defaultLoginWaitSeconds);
      } else if (
        e instanceof ApiError &&
        (e.code === 'INACTIVE_ACCOUNT' || e.message === 'INACTIVE_ACCOUNT')
      ) {
        setInactive(true);
      } else if (e instanceof ApiError && e.code === 'SUSPENDED_ACCOUNT') {
        // 'Ton compte est suspendu jusqu’au … : <raison>.' / 'Ton compte est banni : <raison>.'
        setSuspended(e.message);
      } else if (e instanceof ApiError && e.network) {
        setError(TEXTS.generic.network);
      } else if (e instanceof ApiError && e.status === 401) {
        setError(AUTH_TEXTS.invalidCredentials);
      } else {
        // The server failed (a restart, the database away): the credentials may be right, and
        // the member is told what happened rather than to retype them.
        setError(errorMessage(e, TEXTS.generic.error));
      }
    }
  };

  const resend = async () => {
    setResent(null);
    try {
      await resendConfirmation.mutateAsync(getValues('email'));
      setResent({
        ok: true,
        text: "Mail de confirmation renvoyé ! Plusieurs minutes d'attente peuvent être nécessaires.",
      });
    } catch {
      setResent({ ok: false, text: "Erreur lors de l'envoi du mail." });
    }
  };

  const limited = waitSeconds > 0;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        id="login-email"
        label="Adresse e-mail"
        {...INPUT.email}
        maxLength={LIMITS.loginEmailMax}
        {...field('email')}
      />
      <TextField
        id="login-password"
        label="Mot de passe"
        {...INPUT.currentPassword}
        maxLength={LIMITS.loginPasswordMax}
        {...field('password')}
      />
      <button type="button" className="link-button" ref={forgotLink} onClick={onForgotPassword}>
        Mot de passe oublié ?
      </button>
      <div aria-live="polite">
        {limited && <p className="error-text">{TEXTS.generic.tooManyRequests(waitSeconds)}</p>}
        {error && <p className="error-text">{error}</p>}
        {suspended && (
          <div className={styles['auth-form__notice']} role="alert">
            <p className={styles['auth-form__suspended']}>{suspended}</p>
            <p>
              {SANCTION_TEXTS.contactHint}{' '}
              <Link to="/contact" className={styles['auth-form__contact']}>
                {SANCTION_TEXTS.contact}
              </Link>
            </p>
          </div>
        )}
        {inactive && (
          <div className={styles['auth-form__notice']}>
            <p>{AUTH_TEXTS.inactive}</p>
            <Button variant="outline" small onClick={resend}>
              Renvoyer le mail de confirmation
            </Button>
            {resent && <p className={resent.ok ? 'success-text' : 'error-text'}>{resent.text}</p>}
          </div>
        )}
      </div>
      <AuthSubmit disabled={!isValid || limited || isSubmitting}>
        {isSubmitting ? 'Connexion…' : 'Se connecter'}
      </AuthSubmit>
    </form>
  );
}
