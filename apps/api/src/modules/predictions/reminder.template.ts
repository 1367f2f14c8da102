import { layout, type MailContent } from '../../lib/mail/layout.js';

export interface ReminderMatch {
  home: string;
  away: string;
  journee: number;
  /** Kickoff already formatted in French, Paris time. */
  kickoff: string;
}

/** The prediction reminder: every value is escaped by `layout`. */
export function predictionReminderMail(
  pseudo: string,
  match: ReminderMatch,
  gameUrl: string,
  stopLink: string,
  associationName: string,
): MailContent {
  return layout({
    subject: `${associationName} : fais ton prono pour ${match.home} – ${match.away}`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Le match ${match.home} – ${match.away} (journée ${match.journee}) commence le ${match.kickoff}. Tu n'as pas encore fait ton pronostic : il se verrouille au coup d'envoi.`,
      },
      { action: { label: 'Faire mon prono', url: gameUrl } },
      {
        paragraph: `Tu ne veux plus recevoir ces rappels ? Désactive les e-mails de l'application : ${stopLink}`,
      },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}
