import { carpoolStatusWording } from '@munegu/shared';
import { layout, type MailContent } from '../../lib/mail/layout.js';
import { formatParisLong } from '../../lib/paris-time.js';

/** 'Pour le match AS Monaco – FC Nantes du 29/11 : ' before what happened, when known. */
const about = (match: string | null | undefined) => (match ? `Pour le match ${match} : ` : '');

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
  /** The match it is about, 'AS Monaco – FC Nantes du 29/11' (notificationMatchLabel). */
  match?: string | null,
): MailContent {
  return layout({
    subject: `${associationName} : ${sender} ${carpoolStatusWording(statusId)}`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      { paragraph: `${about(match)}${sender} ${carpoolStatusWording(statusId)}` },
      { action: { label: 'Voir mes notifications', url: `${publicUrl}/` } },
      stopBlock(stop),
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

/**
 * Several status changes from one member since the last mail (carpool mails are coalesced per
 * sender and window): one mail lists them, the last line being where things stand now.
 */
export function carpoolDigestMail(
  pseudo: string,
  sender: string,
  statusIds: number[],
  publicUrl: string,
  stop: string,
  associationName: string,
  /** The match of each status change, in the same order (notificationMatchLabel). */
  matches: (string | null)[] = [],
): MailContent {
  return layout({
    subject: `${associationName} : ${statusIds.length} nouvelles de covoiturage de ${sender}`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      { paragraph: `Depuis notre dernier e-mail, ${sender} :` },
      ...statusIds.map((statusId, i) => ({
        paragraph: `• ${about(matches[i])}${carpoolStatusWording(statusId)}`,
      })),
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
  /** The match, 'AS Monaco – FC Nantes du 29/11' (notificationMatchLabel). */
  match?: string | null,
): MailContent {
  const when = formatParisLong(kickoff);
  const which = match
    ? `du match ${match}, pour lequel tu as un covoiturage,`
    : `d'un match pour lequel tu as un covoiturage`;
  return layout({
    subject: `${associationName} : nouvel horaire de match (${when})`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Le coup d'envoi ${which} a changé : ${when}. Pense à prévenir ton équipage.`,
      },
      { action: { label: 'Ouvrir la MuneguMap', url: `${publicUrl}/` } },
      stopBlock(stop),
    ],
    signature: `— L'équipe ${associationName}`,
  });
}
