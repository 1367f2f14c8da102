import { Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';
import { missingOperatorVariables } from '../../config/operator.js';
import { DEMO_SITE_INFO } from '../../seed/demo-site.js';

/** What a placeholder looks like: the old 'à configurer' texts or an example domain. */
const PLACEHOLDER = /à configurer|[\w-]\.example\b|\bexample\.(com|org|net)\b/i;

/** Everything the operator fills in, as an operator writes it in the environment. */
const OPERATOR_ENV = {
  LEGAL_NAME: 'Association Munegu',
  LEGAL_ADDRESS: '3 rue Grimaldi, 98000 Monaco',
  LEGAL_REGISTRATION: 'Association n° 12345',
  LEGAL_PUBLICATION_DIRECTOR: 'Lucie Martin',
  CONTACT_EMAIL: 'bureau@munegu.mc',
  HOSTING_NAME: 'Hébergeur SA',
  HOSTING_ADDRESS: '1 quai Antoine-Ier, 98000 Monaco',
  HOSTING_URL: 'https://hebergeur.mc',
  SOCIAL_X_URL: 'https://x.com/munegu',
  SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/munegu',
  SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/munegu',
  TICKET_OFFICE_URL: 'https://billets.asmonaco.com',
};

/** Nothing filled in: no demo values, and the helper's CONTACT_EMAIL removed. */
const NOTHING = { DEMO_DATA: 'false', CONTACT_EMAIL: '' };

/**
 * The embedded run shares one database between every file: another file's partner offer would
 * be this file's. Cleared before each start (the warning is computed at start) and after.
 */
async function clearSharedPartner() {
  if (inject('dbMode') !== 'embedded') return;
  const client = new pg.Client({ connectionString: inject('sharedUrl') });
  await client.connect();
  try {
    await client.query(`DELETE FROM site_settings WHERE key LIKE 'partner.%'`);
  } finally {
    await client.end();
  }
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await clearSharedPartner();
});

/** A logger stream that keeps the lines it is given, parsed, in `lines`. */
function logCapture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

/** A test app whose log lines are kept (the start's warning among them). */
async function start(env: Record<string, string>) {
  const { lines, stream } = logCapture();
  await clearSharedPartner();
  t = await createTestApp({ env, logger: { level: 'warn', stream } });
  return { app: t, lines };
}

type LogLine = { level: number; msg: string; missing?: string[] };

const warningsAbout = (lines: LogLine[]) =>
  lines.filter((l) => l.level === 40 && l.msg.startsWith('Contenu de l’exploitant'));

const site = async (app: TestApp) => {
  const res = await app.app.inject({ method: 'GET', url: '/api/site' });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, Record<string, string | null> | string | null>;
};

describe('GET /api/site: the operator’s content', () => {
  it('answers nulls while nothing is filled in, and the start warns once listing it all', async () => {
    const { app, lines } = await start(NOTHING);
    const body = await site(app);
    expect(body).toEqual({
      association: {
        name: null,
        address: null,
        registration: null,
        publication_director: null,
        contact_email: null,
      },
      hosting: { name: null, address: null, url: null },
      social: { x: null, instagram: null, facebook: null },
      club_live_url: 'https://x.com/AS_Monaco',
      ticket_office_url: null,
    });
    expect(JSON.stringify(body)).not.toMatch(PLACEHOLDER);

    await expect.poll(() => warningsAbout(lines).length).toBe(1);
    const [warning] = warningsAbout(lines);
    expect(warning!.missing).toEqual([
      'LEGAL_NAME',
      'LEGAL_ADDRESS',
      'LEGAL_REGISTRATION',
      'LEGAL_PUBLICATION_DIRECTOR',
      'CONTACT_EMAIL',
      'HOSTING_NAME',
      'HOSTING_ADDRESS',
      'HOSTING_URL',
      'SOCIAL_X_URL',
      'SOCIAL_INSTAGRAM_URL',
      'SOCIAL_FACEBOOK_URL',
      'TICKET_OFFICE_URL',
      'offre partenaire (Administration › Site)',
    ]);
    expect(warning!.msg).toContain('LEGAL_NAME, LEGAL_ADDRESS');
    expect(warning!.msg).toContain('offre partenaire');
    // The one gap that loses members' words, not just a line of a page.
    expect(warning!.msg).toContain(
      'sans CONTACT_EMAIL, les messages du formulaire de contact n’arrivent à personne',
    );
  });

  it('serves what the environment sets, and names only what is still missing', async () => {
    const { LEGAL_REGISTRATION: _registration, ...most } = OPERATOR_ENV;
    const { app, lines } = await start({ ...most, DEMO_DATA: 'false' });
    const body = await site(app);
    expect(body).toMatchObject({
      association: {
        name: 'Association Munegu',
        registration: null,
        contact_email: 'bureau@munegu.mc',
      },
      hosting: { url: 'https://hebergeur.mc' },
      social: { x: 'https://x.com/munegu' },
      ticket_office_url: 'https://billets.asmonaco.com',
    });
    await expect.poll(() => warningsAbout(lines).length).toBe(1);
    expect(warningsAbout(lines)[0]!.missing).toEqual([
      'LEGAL_REGISTRATION',
      'offre partenaire (Administration › Site)',
    ]);
    expect(warningsAbout(lines)[0]!.msg).not.toContain('formulaire de contact');
  });

  it('counts the partner offer once an administrator sets it', async () => {
    const first = await start({ ...OPERATOR_ENV, DEMO_DATA: 'false' });
    const admin = await createUser(first.app.db, { role: 'ADMIN' });
    const set = await first.app.app.inject({
      method: 'PUT',
      url: '/api/administration/partner',
      headers: await bearer(first.app.app, admin, first.app.clock),
      payload: { code: 'ASM10', url: 'https://boutique.asmonaco.com' },
    });
    expect(set.statusCode).toBe(200);
    await expect.poll(() => warningsAbout(first.lines).length).toBe(1);
    expect(warningsAbout(first.lines)[0]!.missing).toEqual([
      'offre partenaire (Administration › Site)',
    ]);

    // The next start on the same database, one variable left out: only it is named.
    const database = first.app.database;
    await first.app.app.close();
    const { LEGAL_REGISTRATION: _registration, ...most } = OPERATOR_ENV;
    const { lines, stream } = logCapture();
    const second = await createTestApp({
      database,
      env: { ...most, DEMO_DATA: 'false' },
      logger: { level: 'warn', stream },
    });
    try {
      await expect.poll(() => warningsAbout(lines).length).toBe(1);
      expect(warningsAbout(lines)[0]!.missing).toEqual(['LEGAL_REGISTRATION']);
    } finally {
      await second.close();
    }
  });

  it('has nothing to warn about once every variable is set', async () => {
    const { app } = await start({ ...OPERATOR_ENV, DEMO_DATA: 'false' });
    expect(missingOperatorVariables(app.config.operator)).toEqual([]);
  });

  it('fills what is empty with the demo’s plausible values in demo mode', async () => {
    const { app } = await start({ DEMO_DATA: 'true', LEGAL_NAME: 'Association Munegu' });
    const body = await site(app);
    expect(body).toMatchObject({
      association: { name: 'Association Munegu', address: DEMO_SITE_INFO.association.address },
      hosting: DEMO_SITE_INFO.hosting,
      social: DEMO_SITE_INFO.social,
      ticket_office_url: DEMO_SITE_INFO.ticket_office_url,
    });
    expect(JSON.stringify(body)).not.toMatch(PLACEHOLDER);
  });
});
