import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiToken, pageAs } from '../fixtures/accounts';

/**
 * The journal as staff read it, at 390 px and 1280 px: an administrator changes a demo
 * member's role, and the journal says so in a sentence naming both roles, found with the
 * member and actor filters; the demo's own past (scores, sanctions…) reads the same way.
 * The member gets their role back at the end.
 */
test.describe.configure({ mode: 'serial' });

/** A demo community member no other spec changes (apps/api/src/seed/community). */
const PSEUDO = 'demo_camille';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Sets the demo member's role; answers their id. */
async function setRole(request: APIRequestContext, role: string): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const found = (await (
    await request.get(`/api/administration/membres?q=${PSEUDO}`, { headers })
  ).json()) as { id: number; pseudo: string }[];
  const member = found.find((m) => m.pseudo === PSEUDO)!;
  const res = await request.put(`/api/administration/membres/${member.id}/role`, {
    headers,
    data: { role },
  });
  expect(res.status(), await res.text()).toBe(200);
  return member.id;
}

/** On a phone the filters fold behind 'Filtres (n)': unfold them when they are. */
async function openFilters(page: Page) {
  await expect(page.getByRole('heading', { name: 'Journal des actions' })).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filtres/ });
  if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let memberId = 0;
const sentence = `${DEMO.admin.username} (Administrateur) a changé le rôle de ${PSEUDO} : Membre → Rédacteur`;

// One role change for both widths: each width's test must find exactly one such row.
test.beforeAll(async ({ request }) => {
  memberId = await setRole(request, 'REDACTEUR');
});

test.afterAll(async ({ request }) => {
  await setRole(request, 'UTILISATEUR');
});

// One test per width: a slow CI machine ran both widths in one test past a 30 s budget.
for (const viewport of VIEWPORTS) {
  test(`a role change reads as a sentence, found by member and by actor (${viewport.width} px)`, async ({
    browser,
  }) => {
    const admin = await pageAs(browser, DEMO.admin, viewport);
    await admin.goto('/admin/journal');
    const list = admin.getByRole('list', { name: 'Actions du journal' });
    await expect(list.getByRole('listitem').first()).toBeVisible();

    // The member filter: the role change, and nothing about anyone else.
    await openFilters(admin);
    await admin.getByLabel('Membre concerné (pseudo)').fill(PSEUDO);
    await admin.getByRole('button', { name: 'Filtrer' }).click();
    await expect(admin).toHaveURL(new RegExp(`membre=${PSEUDO}`));
    const row = list.getByRole('listitem').filter({ hasText: sentence });
    await expect(row).toHaveCount(1);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    // The member's file, which staff can open whatever the member's status.
    await expect(row.getByRole('link', { name: PSEUDO })).toHaveAttribute(
      'href',
      `/admin/moderation/membres/${memberId}`,
    );
    expect(await noSideScroll(admin)).toBe(0);
    await admin.screenshot({
      path: test.info().outputPath(`journal-member-${viewport.width}.png`),
      fullPage: true,
    });

    // The actor filter on the demo's past: the moderator's scores and sanctions.
    await openFilters(admin);
    await admin.getByRole('button', { name: 'Effacer les filtres' }).click();
    await openFilters(admin);
    await admin.getByLabel('Auteur (pseudo)').fill(DEMO.moderateur.username);
    // The list keeps the previous page while the filtered one loads: wait for it.
    await Promise.all([
      admin.waitForResponse((r) => r.url().includes(`actor=${DEMO.moderateur.username}`)),
      admin.getByRole('button', { name: 'Filtrer' }).click(),
    ]);
    const item = (text: RegExp) => list.getByRole('listitem').filter({ hasText: text });
    await expect(
      item(/a suspendu demo_enzo jusqu’au \d\d\/\d\d\/\d{4} : Insultes répétées/),
    ).toHaveCount(1);
    await expect(
      item(/a saisi le score de .+ \(\d\d\/\d\d\/\d{4}\) : — → \d+-\d+$/).first(),
    ).toBeVisible();
    for (const item of await list.getByRole('listitem').all())
      await expect(item).toContainText(`${DEMO.moderateur.username} (Modérateur)`);
    expect(await noSideScroll(admin)).toBe(0);
    await admin.screenshot({
      path: test.info().outputPath(`journal-actor-${viewport.width}.png`),
      fullPage: true,
    });
    await admin.context().close();
  });
}

test('a moderator reads the journal too, and an unknown pseudo is said under its field', async ({
  browser,
}) => {
  const moderator = await pageAs(browser, DEMO.moderateur, VIEWPORTS[0]);
  await moderator.goto('/admin/journal');
  await openFilters(moderator);
  await moderator.getByLabel('Auteur (pseudo)').fill('personne_zz');
  await moderator.getByRole('button', { name: 'Filtrer' }).click();
  await expect(
    moderator.getByText('Aucun membre ne porte le pseudo « personne_zz ».'),
  ).toBeVisible();
  await expect(moderator.getByLabel('Auteur (pseudo)')).toHaveAttribute('aria-invalid', 'true');
  await moderator.context().close();
});
