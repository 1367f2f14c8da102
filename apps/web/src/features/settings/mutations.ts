import { useMutation } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../lib/mutations';
import { unwrap, type Aborted } from '../../lib/api';
import { type BodyOf } from '../../lib/call';
import { settingsApi, settingsKeys } from './api';

/**
 * Every write of the settings page and what it refreshes, in one place: a changed setting
 * reloads the page's personal data (the navbar's pseudo is reloaded by the page itself).
 */
const useSettingsWrite = <A, R>(write: (args: A) => Promise<R | Aborted>) =>
  useRefreshingMutation(async (args: A) => unwrap(await write(args)), settingsKeys.personal());

export const useUpdateUsername = () => useSettingsWrite(settingsApi.updateUsername);
export const useUpdateDepartement = () => useSettingsWrite(settingsApi.updateDepartement);
export const useUpdateEmail = () =>
  useSettingsWrite((body: BodyOf<'PATCH /users/me/email'>) => settingsApi.updateEmail(body));
export const useUpdateNotifications = () =>
  useSettingsWrite((body: BodyOf<'PATCH /users/me/notifications'>) =>
    settingsApi.updateNotifications(body),
  );

/** The password change changes nothing the page shows. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (body: BodyOf<'PATCH /users/me/password'>) =>
      unwrap(await settingsApi.updatePassword(body)),
  });
}

/** Sends the deletion link by mail; nothing changes until it is followed. */
export function useRequestDelete() {
  return useMutation({
    mutationFn: async () => unwrap(await settingsApi.requestDelete()),
  });
}

/** The personal data export, fetched when the member asks for the file. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => unwrap(await settingsApi.exportData()),
  });
}
