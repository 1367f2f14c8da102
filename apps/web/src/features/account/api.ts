import { api } from '../../lib/api';

/** Account endpoints of spec section 7 (the accounts issue completes the server side). */
export const accountKeys = {
  all: ['account'] as const,
  personal: () => [...accountKeys.all, 'me-personal'] as const,
  confirmEmail: (token: string) => [...accountKeys.all, 'confirm-email', token] as const,
  checkToken: (token: string) => [...accountKeys.all, 'check-token', token] as const,
  checkResetToken: (token: string) => [...accountKeys.all, 'check-reset-token', token] as const,
};

export const accountApi = {
  login: (body: { email: string; password: string }) =>
    api.post<{ access_token: string }>('/auth/login', body),
  resendConfirmation: (email: string) =>
    api.post<{ message?: string }>('/auth/resend-confirmation', { email }),
  register: (body: unknown) => api.post<{ message?: string }>('/users', body),
  checkUsername: (username: string, signal?: AbortSignal) =>
    api.get<{ taken: boolean }>(`/users/check-username?username=${encodeURIComponent(username)}`, {
      signal,
    }),
  requestPasswordReset: (body: { email: string; birthDate: string }) =>
    api.post<{ message?: string }>('/users/request-password-reset', body),
  resetPassword: (body: { token: string; newPassword: string }) =>
    api.post<{ message?: string }>('/users/reset-password', body),
  confirmDelete: (token: string, signal?: AbortSignal) =>
    api.get<{ valid: boolean }>(`/users/confirm-delete/${encodeURIComponent(token)}`, { signal }),
  confirmEmail: (token: string, signal?: AbortSignal) =>
    api.get<{ message?: string }>(`/users/confirm-email/${encodeURIComponent(token)}`, { signal }),
  checkToken: (token: string, signal?: AbortSignal) =>
    api.get<{ valid: boolean; stopType?: 'promo' | 'application' }>(
      `/users/check-token?token=${encodeURIComponent(token)}`,
      { signal },
    ),
  /** The new-password page checks its link before showing the form (spec section 4). */
  checkResetToken: (token: string, signal?: AbortSignal) =>
    api.get<{ valid: boolean }>(
      `/users/check-token?token=${encodeURIComponent(token)}&type=reset`,
      { signal },
    ),
  stopNotif: (body: { token: string; confirm: boolean }) =>
    api.post<{ type?: string; message?: string }>('/users/stop-notif', body),
};
