import {
  FORMER_MEMBER,
  carpoolStatusWording,
  isDeletedPseudo,
  notificationMatchLabel,
  tripNoticeText,
} from '@munegu/shared';
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

/** Who sent it: a deleted account reads 'Un ancien membre' (the API already names it so). */
export function notificationSender(notification: Pick<AppNotification, 'sender'>): string {
  const name = notification.sender?.username;
  if (!name) return 'Un membre';
  return isDeletedPseudo(name) ? FORMER_MEMBER : name;
}

/** 'pour le match AS Monaco – FC Nantes du 29/11', or null when the match is not known. */
export function notificationMatchLine(notification: Pick<AppNotification, 'match'>): string | null {
  return notification.match ? `pour le match ${notificationMatchLabel(notification.match)}` : null;
}

/**
 * A coach trip's notification (DEPLACEMENT): the API's sentence, or null for the others. A
 * moved kickoff (HORAIRE) reads the match's kickoff as it is now, like the trip's times.
 */
export function tripWording(
  notification: Pick<AppNotification, 'deplacement' | 'match'>,
): string | null {
  const trip = notification.deplacement;
  return trip
    ? tripNoticeText(trip.evenement, { ...trip, coup_envoi: notification.match?.date })
    : null;
}

/**
 * Where a notification leads besides the match's block: an announcement opens its trip's
 * thread when the API named it; null otherwise.
 */
export function notificationThread(notification: Pick<AppNotification, 'deplacement'>) {
  const trip = notification.deplacement;
  return trip?.evenement === 'ANNONCE' && trip.groupe_id !== null
    ? `/messages/groupes/${trip.groupe_id}`
    : null;
}
