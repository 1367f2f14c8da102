import { useQuery } from '@tanstack/react-query';
import { apiRequestIfAuthenticated, unwrap } from '../../lib/api';

/**
 * Spec section 3, Notification (carpool notifications). Only the fields the list shows are
 * typed here; the carpool issue completes the shape and the popups each status opens.
 */
export type AppNotification = {
  id: number;
  type_notification: string;
  notification_covoiturage_id?: number | null;
  statut?: { id: number } | number | null;
  sender?: { id?: number; username: string; profile_picture?: string | null } | null;
  date?: string | null;
};

export const notificationKeys = {
  all: ['notifications'] as const,
  mine: () => [...notificationKeys.all, 'me'] as const,
};

/** Spec section 4: wording per carpool relation status. */
const WORDING: Record<number, string> = {
  1: 'vous a proposé un covoiturage. 👋',
  2: 'vous a demandé un covoiturage. 👋',
  3: 'a accepté le covoiturage ! 🎉',
  4: 'a refusé le covoiturage. ❌',
  5: 'a annulé le covoiturage. ❌',
  6: 'vous a exclu du covoiturage. ❌',
};

export function notificationWording(status: number | null | undefined): string {
  return (status != null && WORDING[status]) || 'vous a envoyé une notification.';
}

export function notificationStatus(notification: AppNotification): number | null {
  const { statut } = notification;
  if (typeof statut === 'number') return statut;
  return statut?.id ?? null;
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.mine(),
    queryFn: async ({ signal }) => {
      const data = unwrap(
        await apiRequestIfAuthenticated<AppNotification[]>('/user-notification/me', { signal }),
      );
      return Array.isArray(data) ? data : [];
    },
    enabled,
    retry: false,
  });
}
