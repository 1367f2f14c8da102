import { layout, type MailContent } from '../../lib/mail/layout.js';

/** The warning a moderator sends after a report: every value is escaped by `layout`. */
export function warningMail(
  pseudo: string,
  reason: string,
  contactUrl: string,
  associationName: string,
): MailContent {
  return layout({
    subject: `${associationName} : avertissement de la modération`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph:
          'Suite à un signalement, l’équipe de modération t’adresse un avertissement pour la raison suivante :',
      },
      { paragraph: reason },
      {
        paragraph:
          'Merci de respecter les règles de la communauté. En cas de récidive, ton compte pourra être suspendu ou banni. Une question ? Écris-nous :',
      },
      { action: { label: 'Contacter l’association', url: contactUrl } },
    ],
    signature: `— L'équipe de modération ${associationName}`,
  });
}
