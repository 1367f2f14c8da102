import { useQuery } from '@tanstack/react-query';
import type { PersonalData } from '@munegu/shared';
import { api, getJson } from '../../lib/api';

export type { PersonalData };

export const settingsKeys = {
  all: ['settings'] as const,
  personal: () => [...settingsKeys.all, 'me-personal'] as const,
};

export function usePersonalData() {
  return useQuery({
    queryKey: settingsKeys.personal(),
    queryFn: getJson<PersonalData>('/users/me-personal'),
  });
}

type Message = { message?: string };

/** Spec section 7, the calls of the settings page. */
export const settingsApi = {
  updateUsername: (username: string) =>
    api.patch<Message & { user?: { username?: string } }>('/users/me/parametres', { username }),
  updateDepartement: (departement: string) =>
    api.patch<Message>('/users/me/parametres', { departement }),
  updateEmail: (body: { email: string; password: string }) =>
    api.patch<Message>('/users/me/email', body),
  updateNotifications: (body: { notif_mail_appli: boolean; notif_mail_promo: boolean }) =>
    api.patch<Message>('/users/me/notifications', body),
  updatePassword: (body: { oldPassword: string; newPassword: string }) =>
    api.patch<Message>('/users/me/password', body),
  requestDelete: () => api.patch<Message>('/users/me/request-delete'),
  exportData: () => api.get<unknown>('/users/me/export'),
};

/** Saves a JSON value as a file through a temporary link (GET /users/me/export). */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
