import { useQuery } from '@tanstack/react-query';
import type { PersonalData } from '@munegu/shared';
import { call, query, type BodyOf } from '../../lib/call';
import { saveBlob } from '../../lib/download';

export type { PersonalData };

export const settingsKeys = {
  all: ['settings'] as const,
  personal: () => [...settingsKeys.all, 'me-personal'] as const,
};

export function usePersonalData() {
  return useQuery({
    queryKey: settingsKeys.personal(),
    queryFn: query('GET /users/me-personal'),
  });
}

/** Spec section 7, the calls of the settings page. */
export const settingsApi = {
  updateUsername: (username: string) => call('PATCH /users/me/parametres', { body: { username } }),
  updateDepartement: (departement: string) =>
    call('PATCH /users/me/parametres', { body: { departement } }),
  updateEmail: (body: BodyOf<'PATCH /users/me/email'>) => call('PATCH /users/me/email', { body }),
  updateNotifications: (body: BodyOf<'PATCH /users/me/notifications'>) =>
    call('PATCH /users/me/notifications', { body }),
  updatePassword: (body: BodyOf<'PATCH /users/me/password'>) =>
    call('PATCH /users/me/password', { body }),
  requestDelete: () => call('PATCH /users/me/request-delete'),
  exportData: () => call('GET /users/me/export'),
};

/** Saves a JSON value as a file through a temporary link (GET /users/me/export). */
export function downloadJson(data: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}
