import { layout, type MailContent } from './layout.js';

export interface ContactMailInput {
  prenom: string;
  nom: string;
  email: string;
  objet: string;
  message: string;
}

/** The contact form, forwarded to the association's address. */
export function contactMail(input: ContactMailInput, associationName: string): MailContent {
  return layout({
    subject: `[Contact] ${input.objet} — ${input.prenom} ${input.nom}`,
    greeting: 'Bonjour,',
    blocks: [
      { paragraph: `Nouveau message reçu via le formulaire de contact de ${associationName}.` },
      { paragraph: `De : ${input.prenom} ${input.nom} <${input.email}>\nObjet : ${input.objet}` },
      { paragraph: input.message },
    ],
    signature: `— Le site ${associationName}`,
  });
}
