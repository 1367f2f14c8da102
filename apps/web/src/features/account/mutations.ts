import { useMutation } from '@tanstack/react-query';
import { unwrap, type Aborted } from '../../lib/api';
import { type BodyOf } from '../../lib/call';
import { accountApi } from './api';

/**
 * The account feature's writes. None of them changes cached data: signing in goes through
 * the auth provider, and the other forms only say what happened.
 */
const write =
  <A, R>(run: (args: A) => Promise<R | Aborted>) =>
  () =>
    useMutation({ mutationFn: async (args: A) => unwrap(await run(args)) });

export const useLogin = write((body: BodyOf<'POST /auth/login'>) => accountApi.login(body));
export const useResendConfirmation = write(accountApi.resendConfirmation);
export const useRegister = write((body: BodyOf<'POST /users'>) => accountApi.register(body));
export const useRequestPasswordReset = write((body: BodyOf<'POST /users/request-password-reset'>) =>
  accountApi.requestPasswordReset(body),
);
export const useResetPassword = write((body: BodyOf<'POST /users/reset-password'>) =>
  accountApi.resetPassword(body),
);
export const useStopNotif = write((body: BodyOf<'POST /users/stop-notif'>) =>
  accountApi.stopNotif(body),
);
