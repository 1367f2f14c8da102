import { layout, type MailContent } from '../../lib/mail/layout.js';

/** Spec section 4: the wording of each relation status, after the other member's pseudo. */
export const STATUS_WORDING: Record<number, string> = {
  1: 'vous a proposé un covoiturage. 👋',
  2: 'vous a demandé un covoiturage. 👋',
  3: 'a accepté le covoiturage ! 🎉',
  4: 'a refusé le covoiturage. ❌',
  5: 'a annulé le covoiturage. ❌',
  6: 'vous a exclu du covoiturage. ❌',
};

export function statusWording(statusId: number): string {
  return STATUS_WORDING[statusId] ?? 'vous a envoyé une notification.';
}

const parisFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

const stopBlock = (stop: string) => ({
  paragraph: `Tu ne veux plus recevoir ces e-mails ? Désactive les e-mails de l'application : ${stop}`,
});

/** A carpool status change, for members who chose to get the app's notifications by mail. */
export function carpoolMail(
  pseudo: string,
  sender: string,
  statusId: number,
  publicUrl: string,
  stop: string,
  associationName: string,
): MailContent {
  return layout({
    subject: `${associationName} : ${sender} ${statusWording(statusId)}`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      { paragraph: `${sender} ${statusWording(statusId)}` },
      { action: { label: 'Voir mes notifications', url: `${publicUrl}/` } },
      stopBlock(stop),
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

/** The kickoff of a match the member has a carpool for has moved. */
export function kickoffMovedMail(
  pseudo: string,
  kickoff: Date,
  publicUrl: string,
  stop: string,
  associationName: string,
): MailContent {
  const when = parisFormat.format(kickoff);
  return layout({
    subject: `${associationName} : nouvel horaire de match (${when})`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Le coup d'envoi d'un match pour lequel tu as un covoiturage a changé : ${when}. Pense à prévenir ton équipage.`,
      },
      { action: { label: 'Ouvrir la MuneguMap', url: `${publicUrl}/` } },
      stopBlock(stop),
    ],
    signature: `— L'équipe ${associationName}`,
  });
}
