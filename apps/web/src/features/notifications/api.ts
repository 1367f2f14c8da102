import { carpoolStatusWording } from '@munegu/shared';
import type { AppNotification } from '../carpool';
import { formatDate, formatTime } from '../../lib/dates';

/**
 * Wording of the bell (spec section 4, written once in @munegu/shared). The data itself (list, detail, keys, delete) comes from
 * the carpool feature, which owns notifications along with the relations that raise them.
 */
export function notificationWording(status: number | null | undefined): string {
  return carpoolStatusWording(status);
}

export function notificationStatus(notification: Pick<AppNotification, 'statut'>): number | null {
  return notification.statut?.id ?? null;
}

/** 'dd/MM/yyyy à HH:mm', Paris time (spec section 9). */
export function formatKickoff(value: string): string {
  return `${formatDate(value)} à ${formatTime(value)}`;
}

/** A kickoff moved ('HORAIRE'): the match's name is looked up by the caller. */
export function kickoffWording(matchName: string, kickoff: string | null): string {
  const when = kickoff ? `, nouvel horaire ${formatKickoff(kickoff)}` : '';
  return `${matchName} : le coup d'envoi a changé${when}`;
}
