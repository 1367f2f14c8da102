import type { SiteInfo } from '@munegu/shared';
import { z } from 'zod';

const text = z.string().trim().min(1).max(300).optional();
const httpsUrl = z
  .url({ protocol: /^https$/, error: 'attendu une adresse https:// complète' })
  .optional();

/**
 * What the operator fills in for the public pages (legal notice, footer, match block): until
 * set, the pages show nothing in its place (never a placeholder) and the start logs one
 * warning naming what is missing (modules/administration/site.service.ts). The partner offer
 * is set from the administration screens instead.
 */
export const operatorEnvShape = {
  /** Legal notice: the association's legal name, registered office, registration, director. */
  LEGAL_NAME: text,
  LEGAL_ADDRESS: text,
  LEGAL_REGISTRATION: text,
  LEGAL_PUBLICATION_DIRECTOR: text,
  /** Legal notice: the hosting provider's name, address and website. */
  HOSTING_NAME: text,
  HOSTING_ADDRESS: text,
  HOSTING_URL: httpsUrl,
  /** The association's social accounts (footer, welcome panel). */
  SOCIAL_X_URL: httpsUrl,
  SOCIAL_INSTAGRAM_URL: httpsUrl,
  SOCIAL_FACEBOOK_URL: httpsUrl,
  /** The ticket office, linked by a match without a ticket link of its own. */
  TICKET_OFFICE_URL: httpsUrl,
};

type OperatorEnv = { [K in keyof typeof operatorEnvShape]?: string | undefined };

/**
 * The operator's content as GET /site answers it. The contact address is shown only when
 * CONTACT_EMAIL is set (its default is not a real mailbox).
 */
export function operatorContent(
  e: OperatorEnv,
  contact: { email: string; explicit: boolean },
  clubAccount: string,
): SiteInfo {
  const v = (value: string | undefined) => value ?? null;
  return {
    association: {
      name: v(e.LEGAL_NAME),
      address: v(e.LEGAL_ADDRESS),
      registration: v(e.LEGAL_REGISTRATION),
      publication_director: v(e.LEGAL_PUBLICATION_DIRECTOR),
      contact_email: contact.explicit ? contact.email : null,
    },
    hosting: { name: v(e.HOSTING_NAME), address: v(e.HOSTING_ADDRESS), url: v(e.HOSTING_URL) },
    social: {
      x: v(e.SOCIAL_X_URL),
      instagram: v(e.SOCIAL_INSTAGRAM_URL),
      facebook: v(e.SOCIAL_FACEBOOK_URL),
    },
    club_live_url: `https://x.com/${clubAccount}`,
    ticket_office_url: v(e.TICKET_OFFICE_URL),
  };
}

/** Each operator value and the variable that fills it, in the order the warning lists them. */
const VARIABLES: [string, (s: SiteInfo) => string | null][] = [
  ['LEGAL_NAME', (s) => s.association.name],
  ['LEGAL_ADDRESS', (s) => s.association.address],
  ['LEGAL_REGISTRATION', (s) => s.association.registration],
  ['LEGAL_PUBLICATION_DIRECTOR', (s) => s.association.publication_director],
  ['CONTACT_EMAIL', (s) => s.association.contact_email],
  ['HOSTING_NAME', (s) => s.hosting.name],
  ['HOSTING_ADDRESS', (s) => s.hosting.address],
  ['HOSTING_URL', (s) => s.hosting.url],
  ['SOCIAL_X_URL', (s) => s.social.x],
  ['SOCIAL_INSTAGRAM_URL', (s) => s.social.instagram],
  ['SOCIAL_FACEBOOK_URL', (s) => s.social.facebook],
  ['TICKET_OFFICE_URL', (s) => s.ticket_office_url],
];

/** The variables whose value is missing from `site`. */
export const missingOperatorVariables = (site: SiteInfo): string[] =>
  VARIABLES.filter(([, read]) => read(site) === null).map(([name]) => name);

/** The demo's values fill what the operator left empty (embedded mode, DEMO_DATA). */
export function withFallback(site: SiteInfo, demo: SiteInfo): SiteInfo {
  const pick = <T extends Record<string, string | null>>(a: T, b: T): T =>
    Object.fromEntries(Object.entries(a).map(([k, value]) => [k, value ?? b[k]])) as T;
  return {
    association: pick(site.association, demo.association),
    hosting: pick(site.hosting, demo.hosting),
    social: pick(site.social, demo.social),
    club_live_url: site.club_live_url ?? demo.club_live_url,
    ticket_office_url: site.ticket_office_url ?? demo.ticket_office_url,
  };
}
