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

// ─── Account mails (registration, security notices, deletion, inactivity) ───

/** Registration: the link that activates the account. */
export function confirmEmailMail(pseudo: string, link: string, associationName: string) {
  return layout({
    subject: `${associationName} : confirme ton adresse e-mail`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Bienvenue sur ${associationName} ! Pour activer ton compte, confirme ton adresse e-mail.`,
      },
      { action: { label: 'Confirmer mon adresse e-mail', url: link } },
      {
        paragraph:
          "Ce lien est valable 48 heures. Si tu n'es pas à l'origine de cette inscription, ignore ce message.",
      },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

/** Someone tried to register with an address that already has an account. */
export function addressAlreadyUsedMail(pseudo: string, resetUrl: string, associationName: string) {
  return layout({
    subject: `${associationName} : tentative d'inscription avec ton adresse`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Quelqu'un a essayé de créer un compte ${associationName} avec ton adresse e-mail, qui est déjà associée à ton compte.`,
      },
      {
        paragraph:
          "Si c'était toi et que tu as oublié ton mot de passe, tu peux le réinitialiser depuis la page de connexion (« Mot de passe oublié »).",
      },
      { action: { label: 'Aller à la page de connexion', url: resetUrl } },
      { paragraph: "Sinon, ignore ce message : ton compte n'a pas été modifié." },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

/**
 * A member asked to move their existing account onto an address that already has an account.
 * Nobody registered, so the registration notice above would be untrue here.
 */
export function addressClaimedByChangeMail(pseudo: string, associationName: string) {
  return layout({
    subject: `${associationName} : tentative d'utiliser ton adresse pour un autre compte`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Quelqu'un a demandé à remplacer l'adresse e-mail d'un autre compte ${associationName}, déjà existant, par la tienne. Comme elle est déjà associée à ton compte, ce changement n'a pas été fait.`,
      },
      {
        paragraph:
          "Si c'était toi, depuis un autre de tes comptes : une adresse e-mail ne peut servir qu'à un seul compte, choisis-en une autre pour celui-là.",
      },
      {
        paragraph:
          "Sinon, ignore ce message : tu n'as rien à faire. Ton compte n'a pas été modifié et ton adresse y reste associée.",
      },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

export function resetPasswordMail(pseudo: string, link: string, associationName: string) {
  return layout({
    subject: `${associationName} : réinitialisation de ton mot de passe`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      { paragraph: 'Tu as demandé à réinitialiser ton mot de passe.' },
      { action: { label: 'Choisir un nouveau mot de passe', url: link } },
      {
        paragraph:
          "Ce lien est valable 1 heure et ne fonctionne qu'une fois. Si tu n'es pas à l'origine de cette demande, ignore ce message.",
      },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

/** Sent to the NEW address: the change happens only when this link is opened. */
export function confirmEmailChangeMail(pseudo: string, link: string, associationName: string) {
  return layout({
    subject: `${associationName} : confirme ta nouvelle adresse e-mail`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Pour utiliser cette adresse avec ton compte ${associationName}, confirme-la.`,
      },
      { action: { label: 'Confirmer ma nouvelle adresse', url: link } },
      { paragraph: 'Ce lien est valable 24 heures.' },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

/** Sent to the OLD address when a change is requested. */
export function emailChangeNoticeMail(pseudo: string, associationName: string, contactUrl: string) {
  return layout({
    subject: `${associationName} : changement d'adresse e-mail demandé`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph:
          "Un changement d'adresse e-mail a été demandé pour ton compte. Il ne prendra effet qu'après confirmation depuis la nouvelle adresse.",
      },
      {
        paragraph: `Si tu n'es pas à l'origine de cette demande, change ton mot de passe et contacte-nous : ${contactUrl}`,
      },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

export function confirmDeleteMail(pseudo: string, link: string, associationName: string) {
  return layout({
    subject: `${associationName} : confirme la suppression de ton compte`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph:
          'Tu as demandé la suppression de ton compte. Tes données personnelles seront effacées et ton compte anonymisé.',
      },
      { action: { label: 'Confirmer la suppression', url: link } },
      {
        paragraph:
          "Ce lien est valable 24 heures. Si tu n'es pas à l'origine de cette demande, ignore ce message et change ton mot de passe.",
      },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}

export function inactivityWarningMail(pseudo: string, loginUrl: string, associationName: string) {
  return layout({
    subject: `${associationName} : ton compte sera bientôt supprimé`,
    greeting: `Bonjour ${pseudo},`,
    blocks: [
      {
        paragraph: `Tu ne t'es pas connecté(e) à ${associationName} depuis près d'un an : ton compte sera supprimé dans un mois faute de connexion.`,
      },
      { paragraph: 'Pour le conserver, il suffit de te connecter.' },
      { action: { label: 'Se connecter', url: loginUrl } },
    ],
    signature: `— L'équipe ${associationName}`,
  });
}
