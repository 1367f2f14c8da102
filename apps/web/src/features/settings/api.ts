import { useQuery } from '@tanstack/react-query';
import { api, getJson } from '../../lib/api';

/** Spec section 3, Personal data (GET /users/me-personal). */
export type PersonalData = {
  username: string;
  nom: string;
  prenom: string;
  date_naissance: string | null;
  email: string;
  /** Stored 'FR-' prefixed. */
  departement: string | null;
  notif_mail_appli: boolean;
  notif_mail_promo: boolean;
};

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

export const settingsApi = {
  updateNotifications: (body: { notif_mail_appli: boolean; notif_mail_promo: boolean }) =>
    api.patch<{ message?: string }>('/users/me/notifications', body),
  requestDelete: () => api.patch<{ message?: string }>('/users/me/request-delete'),
};
