import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, pageAs, type Account } from '../fixtures/accounts';

/**
 * Accessibility of every route and of the main dialogs and menus, at a phone's width (390 px)
 * and a desktop's (1280 px): axe-core (WCAG 2.x A/AA rules and best practices) must find no
 * serious or critical violation. One signed-in browser context per role and width, reused
 * across its routes, keeps the run short. A failure prints each rule with its targets.
 */

const WIDTHS = [390, 1280] as const;
const BAD_TOKEN = 'jeton-invalide-0000';

/**
 * A route and the browser tab's title it must show (one format: 'Jeu du prono – Munegu').
 * `sameAs` names a screen already audited that this route shows again (the 404 page under
 * other paths): only its title is checked, so axe does not run twice on one page.
 */
type Screen = {
  path: string;
  title: string;
  then?: (page: Page) => Promise<void>;
  sameAs?: string;
};

const S = DEMO.supporter.username;
const R = DEMO.redacteur.username;
const screen = (path: string, page: string | null): Screen => ({
  path,
  title: page ? `${page} – Munegu` : 'Supporters de l’AS Monaco – Munegu',
});

const PUBLIC: Screen[] = [
  screen('/', null),
  screen('/actualites', 'Actualités'),
  screen('/jeu_prono', 'Jeu du prono'),
  screen('/contact', 'Contact'),
  screen('/login', 'Connexion'),
  screen('/messages', 'Messages'),
  screen(`/profil/${S}`, `Profil de ${S}`),
  screen('/traitement-donnees', 'Traitement des données'),
  screen('/mentions-legales', 'Mentions légales'),
  screen('/404', 'Page introuvable'),
  // An unknown path, or an unknown or expired link of these (spec section 4): the 404 page.
  ...[
    '/cette-page-n-existe-pas',
    `/deletion-confirmed/${BAD_TOKEN}`,
    `/email-confirmed/${BAD_TOKEN}`,
    `/new-password/${BAD_TOKEN}`,
    `/stop-notif/${BAD_TOKEN}`,
  ].map((path) => ({ ...screen(path, 'Page introuvable'), sameAs: '/404' })),
];

const SUPPORTER: Screen[] = [
  screen('/', null),
  screen('/actualites', 'Actualités'),
  screen('/jeu_prono', 'Jeu du prono'),
  screen('/messages', 'Messages'),
  screen(`/messages/${R}`, `Messages avec ${R}`), // 'Ouvrir la discussion ?' (a confirm dialog)
  {
    ...screen(`/messages/${R}`, `Messages avec ${R}`),
    then: (page) => page.getByRole('button', { name: 'Continuer' }).click(), // the chat itself
  },
  screen('/parametres', 'Paramètres'),
  screen(`/profil/${S}`, `Profil de ${S}`),
  screen(`/profil/${R}`, `Profil de ${R}`),
  {
    // The demo car's group thread (its id is the seed's): reached from the list.
    ...screen('/messages', 'Groupe'),
    then: async (page) => {
      await page.getByRole('list', { name: 'Groupes' }).getByRole('link').first().click();
      await expect(page.getByRole('textbox', { name: 'Votre message' })).toBeVisible();
    },
  },
];

/** The demo coach's organiser: their space and the coach's boarding list. */
const ORGANISER: Screen[] = [
  screen('/mes-deplacements', 'Mes déplacements'),
  {
    ...screen('/mes-deplacements', 'Liste d’embarquement'),
    then: async (page) => {
      await page.getByRole('link', { name: 'Liste des inscrits' }).first().click();
      await expect(page.getByRole('textbox', { name: 'Annonce aux inscrits' })).toBeVisible();
    },
  },
  {
    // The same list in check-in mode: large rows and toggles, a search field.
    ...screen('/mes-deplacements', 'Liste d’embarquement'),
    then: async (page) => {
      await page.getByRole('link', { name: 'Liste des inscrits' }).first().click();
      await page.getByRole('button', { name: 'Mode embarquement' }).click();
      await expect(page.getByRole('button', { name: 'Mode embarquement' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    },
  },
];

const OPERATORS: [string, string][] = [
  ['matchs', 'Matchs'],
  ['classement', 'Classement'],
  ['clubs', 'Clubs'],
  ['import', 'Import'],
  ['membres', 'Membres'],
  ['referentiels', 'Référentiels'],
  ['moderation', 'Modération'],
  ['journal', 'Journal'],
];
const ADMIN: Screen[] = OPERATORS.map(([path, name]) =>
  screen(`/admin/${path}`, `Opérateurs · ${name}`),
);
/** A moderator's own screens (the others are the admin's, audited above). */
const MODERATOR: Screen[] = [
  ...ADMIN.filter((s) => /matchs|moderation|journal/.test(s.path)),
  {
    // The most reported member's file, from the queue.
    ...screen('/admin/moderation', 'Opérateurs · Fiche membre'),
    then: async (page) => {
      await page.getByRole('link', { name: 'Fiche du membre' }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Chargement…' })).toHaveCount(0);
    },
  },
];

/** Every distinct page names itself differently (the two 404 paths are one page). */
test('every route has its own title', () => {
  const pages = new Map<string, string>();
  const shared: string[] = [];
  for (const s of [...PUBLIC, ...SUPPORTER, ...ADMIN]) {
    // One route, one page: profiles and conversations differ by their parameter only.
    const route = s.path.replace(/[^/]*_demo$/, ':username');
    if (s.title === 'Page introuvable – Munegu') continue; // the 404 page, wherever it shows
    if (pages.has(s.title) && pages.get(s.title) !== route) shared.push(s.title);
    pages.set(s.title, route);
  }
  expect(shared).toEqual([]);
});

/** Words of third-party widgets' default labels that must have been given in French. */
const ENGLISH_UI_WORDS = [
  'close',
  'next',
  'previous',
  'loading',
  'dismiss',
  'toggle',
  'slide',
  'toast',
];

type Finding = { where: string; rule: string; impact: string; targets: string[]; help: string };

/** Serious and critical violations on what the page shows now. */
async function audit(page: Page, where: string): Promise<Finding[]> {
  // Legacy mode runs axe.run in the page, which reaches any frame by messages. The default
  // opens a blank page per audit to merge the frames' results: that doubled each audit's time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const findings = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  // Third-party widgets come with English names ('Close toast', 'Next slide'): none may show.
  const english = await page.evaluate((words) => {
    const re = new RegExp(`\\b(${words})\\b`, 'i');
    return Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))
      .flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''))
      .filter((text) => re.test(text));
  }, ENGLISH_UI_WORDS.join('|'));
  if (english.length > 0) {
    findings.push({
      where,
      rule: 'french-labels',
      impact: 'serious',
      help: 'English label',
      targets: english,
    });
  }
  return findings;
}

/** Waits until the route has rendered its content (no loading overlay, title written). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chargement…' })).toHaveCount(0);
  // Transitions (fade-ins) finished, so colours are measured as shown.
  await page.waitForTimeout(300);
}

async function auditRoutes(page: Page, screens: Screen[], label: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  const headings = new Map<string, string | null>();
  for (const { path, title, then, sameAs } of screens) {
    await page.goto(path);
    await settle(page);
    await then?.(page);
    await expect(page, `title of ${path}`).toHaveTitle(title);
    const heading = page.locator('main h1').first();
    if (sameAs) {
      // The very page audited under `sameAs`: its heading says so.
      await expect(heading).toHaveText(headings.get(sameAs) ?? '');
      continue;
    }
    headings.set(path, await heading.textContent());
    findings.push(...(await audit(page, `${label} ${path}`)));
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

for (const width of WIDTHS) {
  const viewport = { width, height: width < 600 ? 844 : 900 };

  test.describe(`${width} px`, () => {
    const roles: [string, Account | null, Screen[]][] = [
      ['visiteur', null, PUBLIC],
      ['supporter', DEMO.supporter, SUPPORTER],
      ['organisateur', DEMO.redacteur, ORGANISER],
      ['admin', DEMO.admin, ADMIN],
      ['modérateur', DEMO.moderateur, MODERATOR],
    ];
    for (const [label, who, screens] of roles) {
      test(`every route as ${label}: no serious or critical violation`, async ({ browser }) => {
        test.setTimeout(30_000 + screens.length * 8_000);
        const page = await pageAs(browser, who, viewport);
        const findings = await auditRoutes(page, screens, `${label}@${width}`);
        await page.context().close();
        expect(findings, report(findings)).toEqual([]);
      });
    }
  });
}

/**
 * Brings into view the first home slide that offers `button`, and clicks it. A slide's second
 * button follows the member's presence, which loads after the slide: the search is retried.
 */
async function openFromSlide(page: Page, button: string): Promise<void> {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  const dots = carousel.getByRole('button', { name: /^Aller au match \d+$/ });
  await expect(dots.first()).toBeVisible();
  let found = -1;
  await expect(async () => {
    const count = await dots.count();
    for (found = 0; found < count; found++) {
      const target = carousel.locator('article').nth(found).getByRole('button', { name: button });
      if (await target.isVisible()) return;
    }
    throw new Error(`no slide offers « ${button} »`);
  }).toPass({ timeout: 15_000 });
  // A dot tapped before the carousel has started is played once it has: one click is enough.
  const target = carousel.locator('article').nth(found).getByRole('button', { name: button });
  await dots.nth(found).click();
  await expect(target).toBeInViewport();
  await target.click();
}

async function auditOpen(page: Page, opened: ReturnType<Page['getByRole']>, where: string) {
  await expect(opened).toBeVisible();
  // The opening animation must be over, so colours are measured as shown (a half-faded dialog
  // fails contrast); on a loaded machine it can outlast any fixed wait.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.waitForTimeout(100);
  const findings = await audit(page, where);
  await page.keyboard.press('Escape');
  await expect(opened).toHaveCount(0);
  return findings;
}

for (const width of WIDTHS) {
  const viewport = { width, height: width < 600 ? 844 : 900 };

  test(`${width} px: the main dialogs and menus have no serious or critical violation`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    const at = (what: string) => `${what}@${width}`;

    const member = await pageAs(browser, DEMO.supporter, viewport);
    await openFromSlide(member, 'JEU DU PRONO');
    findings.push(
      ...(await auditOpen(
        member,
        member.getByRole('dialog', { name: 'JEU DU PRONO' }),
        at('prediction popup'),
      )),
    );
    await member.getByRole('button', { name: /^Notifications/ }).click();
    findings.push(...(await auditOpen(member, member.getByRole('menu'), at('notification bell'))));
    await member.getByRole('button', { name: /Menu du profil/ }).click();
    findings.push(...(await auditOpen(member, member.getByRole('menu'), at('profile menu'))));
    // The demo supporter has answered for the next match: its slide offers the same form as
    // 'Modifier ma présence' (phone-width dot navigation: home.spec.ts).
    await openFromSlide(member, 'Modifier ma présence');
    findings.push(
      ...(await auditOpen(
        member,
        member.getByRole('dialog', { name: 'Direction le stade !' }),
        at('presence form'),
      )),
    );
    // Its confirmed carpool, from the same form: members, seats, the car's thread.
    await openFromSlide(member, 'Modifier ma présence');
    await member.getByRole('button', { name: 'Voir mon covoiturage' }).click();
    findings.push(
      ...(await auditOpen(
        member,
        member.getByRole('dialog', { name: 'Membres du covoiturage' }),
        at('carpool members'),
      )),
    );
    await member.keyboard.press('Escape');
    await openFromSlide(member, 'MUNEGU MAP');
    findings.push(
      ...(await auditOpen(
        member,
        member.getByRole('dialog', { name: 'MuneguMap' }),
        at('MuneguMap'),
      )),
    );
    await member.goto('/actualites');
    await member.getByRole('main').getByRole('article').first().getByRole('button').first().click();
    findings.push(...(await auditOpen(member, member.getByRole('dialog'), at('news popup'))));
    await member.context().close();

    const admin = await pageAs(browser, DEMO.admin, viewport);
    await admin.goto('/actualites');
    await admin
      .getByRole('group', { name: /^Gérer « / })
      .first()
      .getByRole('button', { name: 'Supprimer' })
      .click();
    findings.push(
      ...(await auditOpen(admin, admin.getByRole('alertdialog'), at('confirm dialog'))),
    );
    if (width < 600) {
      // The phone's navigation menu (the burger).
      await admin.getByRole('button', { name: 'Ouvrir le menu' }).click();
      findings.push(...(await audit(admin, at('burger menu'))));
    }
    await admin.context().close();
    expect(findings, report(findings)).toEqual([]);
  });
}
