/**
 * Site configuration: everything here is a PLACEHOLDER to be replaced by the association's
 * real details before going live (legal notice, hosting, links, partner offer). Nothing else in
 * the web app hard-codes these values.
 */
export const SITE = {
  productName: 'Munegu',
  association: {
    /** [CONFIGURATION] Legal name of the association. */
    name: 'Association Munegu – Supporters de l’AS Monaco (nom à configurer)',
    /** [CONFIGURATION] Registered office. */
    address: '1 avenue à configurer, 98000 Monaco',
    /** [CONFIGURATION] Registration number (RNA / Monaco association register). */
    registration: 'N° d’enregistrement à configurer',
    /** [CONFIGURATION] Person legally responsible for the publication. */
    publicationDirector: 'Président(e) de l’association (à configurer)',
    /** [CONFIGURATION] Contact address for data-protection requests. */
    contactEmail: 'contact@munegu.example',
  },
  host: {
    /** [CONFIGURATION] Hosting provider (legal notice). */
    name: 'Hébergeur à configurer',
    address: 'Adresse de l’hébergeur à configurer',
    website: 'https://hebergeur.example',
  },
  social: {
    /** [CONFIGURATION] The association's three social networks (footer, welcome panel). */
    x: 'https://x.com/munegu_example',
    instagram: 'https://www.instagram.com/munegu_example',
    facebook: 'https://www.facebook.com/munegu_example',
    /** [CONFIGURATION] The club's live feed, linked while a match is being played. */
    clubLive: 'https://x.com/AS_Monaco',
  },
  /** [CONFIGURATION] Official ticket office (match block). */
  ticketOfficeUrl: 'https://billetterie.example/as-monaco',
  partner: {
    /** [CONFIGURATION] Partner banner of the home page. */
    name: 'Boutique partenaire (à configurer)',
    code: 'MUNEGU10',
    text: '-10 % sur les articles du club chez notre partenaire avec le code',
    url: 'https://partenaire.example',
  },
} as const;
