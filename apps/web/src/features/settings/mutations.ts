import { useMutation } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../lib/mutations';
import { unwrap, type Aborted } from '../../lib/api';
import { type BodyOf } from '../../lib/call';
import { settingsApi, settingsKeys } from './api';
import { expectSessionEnd, resetSessionEnd } from '../../lib/sessionEnd';

/**
 * Every write of the settings page and what it refreshes, in one place: a changed setting
 * reloads the page's personal data (the navbar's pseudo is reloaded by the page itself).
 */
const useSettingsWrite = <A, R>(write: (args: A) => Promise<R | Aborted>) =>
  useRefreshingMutation(async (args: A) => unwrap(await write(args)), settingsKeys.personal());

export const useUpdateUsername = () => useSettingsWrite(settingsApi.updateUsername);
export const useUpdateDepartement = () => useSettingsWrite(settingsApi.updateDepartement);
/**
 * The e-mail change ends every session of the member (the new address is confirmed from the
 * mail): nothing is reloaded, which could only meet the ended session, and the server cutting
 * this page's socket meanwhile is expected, not a login ended elsewhere.
 */
export function useUpdateEmail() {
  return useMutation({
    mutationFn: async (body: BodyOf<'PATCH /users/me/email'>) => {
      expectSessionEnd();
      try {
        return unwrap(await settingsApi.updateEmail(body));
      } catch (error) {
        resetSessionEnd();
        throw error;
      }
    },
  });
}
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
