import type { SiteInfo } from '@munegu/shared';
import type { Db } from '../db/client.js';
import { PARTNER_KEYS } from '../modules/administration/site.service.js';

/**
 * The demo's operator content: plausible values so that trying the product shows full legal
 * pages, social links and ticket links. They fill only what the environment leaves empty, and
 * only with demo data (embedded mode or DEMO_DATA=true); a real deployment sets its own
 * (README, "Operator content").
 */
export const DEMO_SITE_INFO: SiteInfo = {
  association: {
    name: 'Association Munegu – Supporters de l’AS Monaco (démonstration)',
    address: '7 avenue des Castelans, 98000 Monaco',
    registration: 'Association déclarée à Monaco (démonstration)',
    publication_director: 'Marie Rossi, présidente',
    contact_email: 'contact@demo.munegu.local',
  },
  hosting: {
    name: 'OVH SAS',
    address: '2 rue Kellermann, 59100 Roubaix, France',
    url: 'https://www.ovhcloud.com',
  },
  social: {
    x: 'https://x.com/AS_Monaco',
    instagram: 'https://www.instagram.com/asmonaco/',
    facebook: 'https://www.facebook.com/asmonaco',
  },
  club_live_url: 'https://x.com/AS_Monaco',
  ticket_office_url: 'https://www.asmonaco.com/billetterie',
};

/** The demo's partner offer, written once: an administrator's change or removal stays. */
export const DEMO_PARTNER = { code: 'MUNEGU10', url: 'https://www.asmonaco.com/boutique' };

export async function seedDemoPartner(db: Db): Promise<void> {
  const marker = 'demo.partner-seeded';
  if (await db.siteSetting.findUnique({ where: { key: marker } })) return;
  await db.$transaction([
    db.siteSetting.upsert({
      where: { key: PARTNER_KEYS.code },
      create: { key: PARTNER_KEYS.code, value: DEMO_PARTNER.code },
      update: {},
    }),
    db.siteSetting.upsert({
      where: { key: PARTNER_KEYS.url },
      create: { key: PARTNER_KEYS.url, value: DEMO_PARTNER.url },
      update: {},
    }),
    db.siteSetting.create({ data: { key: marker, value: 'true' } }),
  ]);
}
