import {
  expect,
  request as requests,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { DEMO, apiToken, pageAs, type Account } from '../fixtures/accounts';

/**
 * Stored XSS: script payloads go through the real API into every field a member, an editor or
 * an operator writes; then the pages that show them are opened in Chromium. Nothing may run
 * (window.__xss stays unset, no dialog opens, the page does not navigate), no link may carry a
 * `javascript:` href, and whatever the server kept is shown as literal text. The server
 * refuses tags and scripts outright (spec section 5, answered 400 in French); two payloads
 * slip past that filter on purpose (an unclosed tag, an attribute break-out) so the rendering
 * itself is tested too. Whatever this file writes is put back or deleted at the end.
 */
test.describe.configure({ mode: 'serial' });

const PAYLOADS = [
  '<img src=x onerror=window.__xss=1>',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  // Not a tag for the server's filter (no closing '>'): only escaping keeps it inert.
  '<details open ontoggle=window.__xss=1',
  '" autofocus onfocus="window.__xss=1',
];
const JS_URL = 'javascript:window.__xss=1';
/** Appended to each value, so a rerun never meets its own names (titles are unique). */
const RUN = Date.now().toString(36);

type Who = keyof typeof DEMO;
type Write = { method: 'POST' | 'PUT' | 'PATCH'; path: string; data: unknown };
/** Where a stored value must show, literally; `open` reveals it (a popup, a tab). */
type Shown = { as: Who | null; path: string; open?: (page: Page) => Promise<void> };
type Field = {
  name: string;
  as: Who;
  write: (value: string) => Write;
  /** The field's length limit: the value is cut to it (after the payload, which fits). */
  max?: number;
  /** Only the last value written shows (one value per member, or the newest per report). */
  latestOnly?: boolean;
  shown: Shown;
  /** Runs once the value has been checked on its page (deletes what was created). */
  cleanup?: (api: Api, stored: unknown) => Promise<void>;
};

type Api = {
  call: (who: Who, method: string, path: string, data?: unknown) => Promise<Answer>;
};
type Answer = { status: number; body: unknown };

function apiFor(request: APIRequestContext): Api {
  const tokens = new Map<Who, string>();
  return {
    async call(who, method, path, data) {
      if (!tokens.has(who)) tokens.set(who, await apiToken(request, DEMO[who] as Account));
      const res = await request.fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.get(who)}` },
        ...(data === undefined ? {} : { data }),
      });
      const text = await res.text();
      return { status: res.status(), body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
}

const stored: { field: Field; value: string; body: unknown }[] = [];
const refusedUrls: string[] = [];
let api: Api;
let ids: { supporter: number; redacteur: number; moderateur: number; admin: number };
const restore: (() => Promise<unknown>)[] = [];

async function idOf(who: Who): Promise<number> {
  return ((await api.call(who, 'GET', '/users/me')).body as { id: number }).id;
}

/** Writes `value` into the field: either refused as bad input, or kept and recorded. */
async function put(field: Field, payload: string): Promise<void> {
  const value = `${payload} ${RUN}`.slice(0, field.max);
  const { method, path, data } = field.write(value);
  const answer = await api.call(field.as, method, path, data);
  expect(
    answer.status === 400 || (answer.status >= 200 && answer.status < 300),
    `${field.name} ← ${value}: ${answer.status} ${JSON.stringify(answer.body)}`,
  ).toBe(true);
  console.log(`${field.name} ← ${value}: ${answer.status}`);
  if (answer.status === 400) {
    // Refused in French (the shared schemas' messages, or zod's French locale).
    expect(JSON.stringify(answer.body)).not.toMatch(/Invalid|expected|Too (big|small)/);
  } else {
    stored.push({ field, value, body: answer.body });
  }
}

/** Opens `path` as `who` and checks that nothing ran and no link is a script. */
async function visit(browser: Browser, shown: Shown, expectText: string[]): Promise<void> {
  const page = await pageAs(browser, shown.as ? (DEMO[shown.as] as Account) : null);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(shown.path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await shown.open?.(page);
  for (const text of expectText) {
    await expect(
      page.getByText(text, { exact: false }).first(),
      `« ${text} » shown on ${shown.path}`,
    ).toBeVisible();
  }
  await page.waitForTimeout(500); // time for an injected handler (onerror, ontoggle) to fire
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(new URL(page.url()).pathname).toBe(new URL(shown.path, page.url()).pathname);
  const scriptLinks = await page
    .locator('a[href], area[href], iframe[src], form[action]')
    .evaluateAll((els) =>
      els
        .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '')
        .filter((v) => /^\s*(javascript|data|vbscript):/i.test(v)),
    );
  expect(scriptLinks).toEqual([]);
  await page.context().close();
}

let context: APIRequestContext;

/** Dismisses the supporter's open 'Autre' reports (this file's), so none is a duplicate. */
async function dismissReports(): Promise<void> {
  const queue = (await api.call('admin', 'GET', '/moderation/reports')).body as {
    items: { id: number; customReason: string | null; reporter: { id: number } }[];
  };
  for (const r of queue.items) {
    if (r.reporter.id === ids.supporter && r.customReason?.startsWith('Motif : ')) {
      await api.call('admin', 'POST', `/moderation/reports/${r.id}/dismiss`, {});
    }
  }
}

test.beforeAll(async ({ baseURL }) => {
  context = await requests.newContext({ baseURL });
  api = apiFor(context);
  ids = {
    supporter: await idOf('supporter'),
    redacteur: await idOf('redacteur'),
    moderateur: await idOf('moderateur'),
    admin: await idOf('admin'),
  };
  await dismissReports();
});

test.afterAll(async () => {
  for (const undo of restore.reverse()) await undo();
  await context.dispose();
});

test('every user-written text field refuses scripts or shows them as inert text', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const reasons = (await api.call('supporter', 'GET', '/motifs-signalement/profil')).body as {
    id: number;
    label: string;
  }[];
  const other = reasons.find((r) => r.label.toLowerCase() === 'autre')!;
  const news = (
    (await api.call('redacteur', 'GET', '/actualite')).body as {
      id: number;
      titre: string;
      contenu: string;
      imageObjectPosY: number;
      categorie: { id: number };
    }[]
  )[0]!;
  restore.push(() =>
    api.call('redacteur', 'PUT', `/actualite/${news.id}`, {
      titre: news.titre,
      contenu: news.contenu,
      categorieId: news.categorie.id,
      imageObjectPosY: news.imageObjectPosY,
    }),
  );
  const supporterProfile = (await api.call('supporter', 'GET', '/users/me')).body as {
    description: string | null;
    poste?: string | null;
  };
  restore.push(() =>
    api.call('supporter', 'PATCH', '/users/me', { description: supporterProfile.description }),
  );
  restore.push(() =>
    api.call('admin', 'PUT', `/administration/membres/${ids.supporter}/poste`, {
      poste: supporterProfile.poste ?? null,
    }),
  );

  // The moderator accepts a conversation first, so every payload can be sent to them.
  await api.call('admin', 'POST', '/messages/send', {
    toUserId: ids.moderateur,
    content: 'Bonjour, un test de sécurité suit.',
  });
  const meta = (await api.call('moderateur', 'GET', `/messages/conversation/${ids.admin}`))
    .body as { meta: { conversationId: number; accepted: boolean } };
  if (!meta.meta.accepted) {
    await api.call('moderateur', 'POST', `/messages/accept/${meta.meta.conversationId}`);
  }

  const profile: Shown = { as: null, path: `/profil/${DEMO.supporter.username}` };
  const fields: Field[] = [
    {
      name: 'profile description',
      latestOnly: true,
      as: 'supporter',
      write: (v) => ({ method: 'PATCH', path: '/users/me', data: { description: v } }),
      shown: profile,
    },
    {
      name: 'message',
      as: 'admin',
      write: (v) => ({
        method: 'POST',
        path: '/messages/send',
        data: { toUserId: ids.moderateur, content: v },
      }),
      shown: {
        as: 'moderateur',
        path: `/messages/${DEMO.admin.username}`,
        open: async (page) => {
          await page.getByRole('button', { name: 'Continuer' }).click(); // 'Ouvrir la discussion ?'
        },
      },
    },
    {
      name: 'report reason (Autre)',
      as: 'supporter',
      // One open report per reporter, member and reason is kept: a member per payload.
      write: (v) => ({
        method: 'POST',
        path: '/user-signalement',
        data: {
          to: [ids.redacteur, ids.moderateur, ids.admin][
            PAYLOADS.findIndex((p) => v.startsWith(p)) % 3
          ],
          motifId: other.id,
          customReason: `Motif : ${v}`,
          section: 'profil',
        },
      }),
      shown: { as: 'admin', path: '/admin/moderation' },
      cleanup: () => dismissReports(),
    },
    {
      name: 'mini-league name',
      as: 'supporter',
      write: (v) => ({ method: 'POST', path: '/mini-leagues', data: { name: v } }),
      max: 40,
      shown: { as: 'supporter', path: '/jeu_prono' },
      cleanup: async (a, body) => {
        await a.call(
          'supporter',
          'DELETE',
          `/mini-leagues/${(body as { id: number }).id}/members/me`,
        );
      },
    },
    {
      name: 'news title and content',
      latestOnly: true,
      as: 'redacteur',
      write: (v) => ({
        method: 'PUT',
        path: `/actualite/${news.id}`,
        data: {
          titre: v,
          contenu: `Contenu : ${v}`,
          categorieId: news.categorie.id,
          imageObjectPosY: news.imageObjectPosY,
        },
      }),
      shown: {
        as: null,
        path: '/actualites',
        open: async (page) => {
          await page
            .getByRole('main')
            .getByRole('article')
            .first()
            .getByRole('button')
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    },
    {
      name: 'member position (poste)',
      latestOnly: true,
      as: 'admin',
      write: (v) => ({
        method: 'PUT',
        path: `/administration/membres/${ids.supporter}/poste`,
        data: { poste: v },
      }),
      max: 60,
      shown: profile,
    },
    {
      name: 'title label',
      as: 'admin',
      write: (v) => ({
        method: 'POST',
        path: '/administration/titres',
        data: { libelle: v, couleur: '#AA0011', importance: 1 },
      }),
      max: 60,
      shown: { as: 'admin', path: '/admin/referentiels' },
      cleanup: async (a, body) => {
        await a.call('admin', 'DELETE', `/administration/titres/${(body as { id: number }).id}`);
      },
    },
    {
      name: 'antenna name',
      as: 'admin',
      write: (v) => ({
        method: 'POST',
        path: '/administration/antennes',
        data: { nom: v, categorie: 'Sécurité' },
      }),
      max: 80,
      shown: { as: 'admin', path: '/admin/referentiels' },
      cleanup: async (a, body) => {
        await a.call('admin', 'DELETE', `/administration/antennes/${(body as { id: number }).id}`);
      },
    },
  ];

  for (const field of fields) for (const value of PAYLOADS) await put(field, value);

  // Each stored value, on its page; the last one of a field that overwrites is what shows.
  const latest = new Map<string, { field: Field; value: string }>();
  for (const s of stored) {
    latest.set(s.field.latestOnly ? s.field.name : `${s.field.name} ${s.value}`, s);
  }
  const byPage = new Map<string, { shown: Shown; texts: string[] }>();
  for (const { field, value } of latest.values()) {
    const key = `${field.shown.as} ${field.shown.path}`;
    const entry = byPage.get(key) ?? { shown: field.shown, texts: [] };
    entry.texts.push(value);
    byPage.set(key, entry);
  }
  // Pages where nothing was stored are opened too: what was refused must not show up either.
  for (const field of fields) {
    const key = `${field.shown.as} ${field.shown.path}`;
    if (!byPage.has(key)) byPage.set(key, { shown: field.shown, texts: [] });
  }
  for (const { shown, texts } of byPage.values()) await visit(browser, shown, texts);

  for (const s of stored) await s.field.cleanup?.(api, s.body);
  console.log(
    `stored-xss: ${stored.length} of ${fields.length * PAYLOADS.length} writes kept (shown inert), the rest refused`,
  );
});

test('no link field accepts a javascript: (or http:) address', async ({ browser }) => {
  const partner = (await api.call('admin', 'GET', '/site/partner')).body as {
    code: string | null;
    url: string | null;
  };
  const clubs = (await api.call('admin', 'GET', '/administration/clubs')).body as {
    id: number;
    live_feed_url: string | null;
  }[];
  const contest = (
    (await api.call('redacteur', 'GET', '/concours')).body as {
      id: number;
      titre: string;
      dateFin: string;
      image: string;
      lienInsta: string | null;
      lienX: string | null;
    }[]
  )[0];

  const attempts: [string, Who, Write][] = [
    [
      'partner link',
      'admin',
      { method: 'PUT', path: '/administration/partner', data: { code: 'MUNEGU10', url: JS_URL } },
    ],
    ...clubs.slice(0, 1).map((c): [string, Who, Write] => [
      'club live feed',
      'admin',
      {
        method: 'PUT',
        path: `/administration/clubs/${c.id}/live-feed`,
        data: { live_feed_url: JS_URL },
      },
    ]),
    [
      'profile X handle',
      'supporter',
      { method: 'PATCH', path: '/users/me', data: { x_username: JS_URL } },
    ],
    [
      'profile Instagram handle',
      'supporter',
      { method: 'PATCH', path: '/users/me', data: { insta_username: JS_URL } },
    ],
    [
      'news post link',
      'redacteur',
      { method: 'POST', path: '/actualite/proxy-tweet', data: { url: JS_URL } },
    ],
  ];
  if (contest) {
    for (const link of ['lienInsta', 'lienX'] as const) {
      attempts.push([
        `contest ${link}`,
        'redacteur',
        {
          method: 'PUT',
          path: `/concours/${contest.id}`,
          data: {
            titre: contest.titre,
            dateFin: contest.dateFin,
            image: contest.image,
            lienInsta: contest.lienInsta ?? '',
            lienX: contest.lienX ?? '',
            [link]: JS_URL,
          },
        },
      ]);
    }
  }
  for (const [name, who, { method, path, data }] of attempts) {
    for (const url of [JS_URL, ' JavaScript:window.__xss=1', 'http://exemple.fr/']) {
      const body = JSON.parse(JSON.stringify(data).replaceAll(JS_URL, url)) as unknown;
      const answer = await api.call(who, method, path, body);
      expect(answer.status, `${name} ← ${url}: ${JSON.stringify(answer.body)}`).toBe(400);
      refusedUrls.push(name);
    }
  }
  // Nothing changed: the home page's partner and live links are still the operator's own.
  expect((await api.call('admin', 'GET', '/site/partner')).body).toEqual(partner);
  await visit(browser, { as: null, path: '/' }, []);
});
