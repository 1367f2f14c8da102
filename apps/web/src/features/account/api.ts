import { call, type BodyOf } from '../../lib/call';

/** Account endpoints of spec section 7: sign-in, registration and the e-mailed links. */
export const accountKeys = {
  all: ['account'] as const,
  personal: () => [...accountKeys.all, 'me-personal'] as const,
  confirmEmail: (token: string) => [...accountKeys.all, 'confirm-email', token] as const,
  checkToken: (token: string) => [...accountKeys.all, 'check-token', token] as const,
  checkResetToken: (token: string) => [...accountKeys.all, 'check-reset-token', token] as const,
  checkDeleteToken: (token: string) => [...accountKeys.all, 'check-delete-token', token] as const,
};

export const accountApi = {
  login: (body: BodyOf<'POST /auth/login'>) => call('POST /auth/login', { body }),
  resendConfirmation: (email: string) =>
    call('POST /auth/resend-confirmation', { body: { email } }),
  register: (body: BodyOf<'POST /users'>) => call('POST /users', { body }),
  checkUsername: (username: string, signal?: AbortSignal) =>
    call('GET /users/check-username', { query: { username }, signal }),
  requestPasswordReset: (body: BodyOf<'POST /users/request-password-reset'>) =>
    call('POST /users/request-password-reset', { body }),
  resetPassword: (body: BodyOf<'POST /users/reset-password'>) =>
    call('POST /users/reset-password', { body }),
  confirmDelete: (token: string, signal?: AbortSignal) =>
    call('GET /users/confirm-delete/:token', { params: { token }, signal }),
  confirmEmail: (token: string, signal?: AbortSignal) =>
    call('GET /users/confirm-email/:token', { params: { token }, signal }),
  checkToken: (token: string, signal?: AbortSignal) =>
    call('GET /users/check-token', { query: { token }, signal }),
  /** The new-password page checks its link before showing the form (spec section 4). */
  checkResetToken: (token: string, signal?: AbortSignal) =>
    call('GET /users/check-token', { query: { token, type: 'reset' }, signal }),
  /** The deletion page checks its link (without using it) before asking (spec section 4). */
  checkDeleteToken: (token: string, signal?: AbortSignal) =>
    call('GET /users/check-token', { query: { token, type: 'delete' }, signal }),
  stopNotif: (body: BodyOf<'POST /users/stop-notif'>) => call('POST /users/stop-notif', { body }),
};
