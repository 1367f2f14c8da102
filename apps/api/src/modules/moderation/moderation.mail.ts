import { SANCTION_TEXTS, sanctionEndText } from '@munegu/shared';
import { layout, type MailContent } from '../../lib/mail/layout.js';

/** Who the mail goes to and how they may answer: the same for every sanction. */
export interface SanctionMailTo {
  pseudo: string;
  reason: string;
  /** The contact form (/contact): the member's way to write to the association. */
  contactUrl: string;
  associationName: string;
}

/** The end of every sanction mail: the reason, then the way to contest it. */
function sanctionMail(
  to: SanctionMailTo,
  subject: string,
  what: string,
  after: string,
): MailContent {
  return layout({
    subject: `${to.associationName} : ${subject}`,
    greeting: `Bonjour ${to.pseudo},`,
    blocks: [
      { paragraph: `${what} pour la raison suivante :` },
      { paragraph: to.reason },
      // The action's label follows the paragraph (in the text part too): said once, as on the
      // suspended member's page.
      { paragraph: `${after} ${SANCTION_TEXTS.contactHint}` },
      { action: { label: SANCTION_TEXTS.contact, url: to.contactUrl } },
    ],
    signature: `— L'équipe de modération ${to.associationName}`,
  });
}

/**
 * A warning, after a report or without one. Every value is escaped by `layout` (the reason is
 * a moderator's text, the pseudo a member's).
 */
export function warningMail(to: SanctionMailTo): MailContent {
  return sanctionMail(
    to,
    'avertissement de la modération',
    'L’équipe de modération t’adresse un avertissement',
    'Merci de respecter les règles de la communauté. En cas de récidive, ton compte pourra être réduit au silence, suspendu ou banni.',
  );
}

/** A silence: the member keeps reading but cannot write to others until `until`. */
export function silenceMail(to: SanctionMailTo, until: Date): MailContent {
  const end = sanctionEndText(until);
  return sanctionMail(
    to,
    `tu ne peux plus écrire aux autres membres jusqu’au ${end}`,
    `L’équipe de modération a restreint ton compte jusqu’au ${end}`,
    'D’ici là, tu peux tout lire et te connecter comme d’habitude, mais tu ne peux plus envoyer de messages privés, de propositions ou de demandes de covoiturage, de signalements ni de notes.',
  );
}

/** A suspension until `until`, or a ban (`until` null): the member cannot sign in. */
export function suspensionMail(to: SanctionMailTo, until: Date | null): MailContent {
  if (!until)
    return sanctionMail(
      to,
      'ton compte est banni',
      'L’équipe de modération a banni ton compte',
      'Tu ne peux plus te connecter, et ton profil et tes messages ne sont plus visibles des autres membres.',
    );
  const end = sanctionEndText(until);
  return sanctionMail(
    to,
    `ton compte est suspendu jusqu’au ${end}`,
    `L’équipe de modération a suspendu ton compte jusqu’au ${end}`,
    'D’ici là, tu ne peux plus te connecter, et ton profil et tes messages ne sont plus visibles des autres membres. Ton compte sera rétabli automatiquement à cette date.',
  );
}
