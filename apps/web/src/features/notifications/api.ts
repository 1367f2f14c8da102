import type { AppNotification } from '../carpool';
import { formatDate, formatTime } from '../../lib/dates';

/**
 * Wording of the bell (spec section 4). The data itself (list, detail, keys, delete) comes from
 * the carpool feature, which owns notifications along with the relations that raise them.
 */
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
