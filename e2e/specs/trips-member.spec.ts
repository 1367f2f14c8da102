import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, apiToken, newConfirmedMember, pageAs, type Account } from '../fixtures/accounts';
import { watchBoot } from '../fixtures/boot-probes';

/**
 * Issue 30, the member's side of coach trips: on the match block of the next away match, a
 * 'Car de {antenne}' card; registering takes two taps (Je m’inscris, Confirmer) and the card
 * says 'Inscrit ✓'; leaving asks first; once the coach is full (the ADMIN lowers its seats to
 * those confirmed, through the API) a registration lands on the waiting list with its position.
 * At phone and desktop widths, with screenshots of the match block.
 *
 * The member signs up for the run (one per width): a demo account may already be in a car on
 * that match, from the demo data or from another spec (carpool.spec.ts drives on the second
 * upcoming match, which is the away one on some days), and would rightly be refused the coach.
 */
const MONACO_CLUB_ID = 1;

type Match = { id: number; date: string; edit_pronostic: boolean; club_ext: { id: number } };
type Trip = {
  id: number;
  antenne: { id: number; nom: string };
  match_id: number;
  depart_lieu: string;
  depart_heure: string;
  retour_heure: string | null;
  places_total: number;
  places_restantes: number;
  nb_attente: number;
  prix: number | null;
  statut: string;
  date_limite: string | null;
  notes: string | null;
  inscription: { statut: string; position_attente: number | null } | null;
};

/** The API as one demo account. */
async function as(request: APIRequestContext, who: Account) {
  const headers = { Authorization: `Bearer ${await apiToken(request, who)}` };
  const send = async (method: 'get' | 'post' | 'put' | 'delete', url: string, data?: object) => {
    const res = await request[method](`/api${url}`, { headers, data });
    return { status: res.status(), body: (await res.json().catch(() => null)) as unknown };
  };
  const ok = async (method: 'get' | 'post' | 'put' | 'delete', url: string, data?: object) => {
    const res = await send(method, url, data);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  return { send, ok };
}
type Api = Awaited<ReturnType<typeof as>>;

/**
 * The next away match still open, its index in the carousel, and a coach of this run's own: the
 * ADMIN charters it for an antenna that has none on that match yet (the demo data's coach, with
 * its waiting list, and an earlier width's coach keep theirs), so the run controls its seats.
 */
async function awayCoach(admin: Api): Promise<{ index: number; trip: Trip }> {
  const matches = (await admin.ok('get', '/matchs/next')) as Match[];
  let index = matches.findIndex((m) => m.club_ext.id === MONACO_CLUB_ID && m.edit_pronostic);
  if (index < 0) index = matches.findIndex((m) => m.edit_pronostic);
  expect(index, 'an upcoming match').toBeGreaterThanOrEqual(0);
  const match = matches[index]!;
  const trips = (await admin.ok('get', `/deplacements?match_id=${match.id}`)) as Trip[];
  const antennas = (await admin.ok('get', '/antennes')) as { id: number }[];
  const antenna = antennas.find((a) => !trips.some((t) => t.antenne.id === a.id));
  expect(antenna, 'an antenna without a coach on that match').toBeDefined();
  const kickoff = Date.parse(match.date);
  const trip = (await admin.ok('post', '/deplacements', {
    match_id: match.id,
    antenne_id: antenna!.id,
    depart_lieu: 'Parking du stade Louis-II',
    depart_heure: new Date(kickoff - 8 * 3_600_000).toISOString(),
    retour_heure: null,
    places_total: 10,
    prix: 25,
    date_limite: null,
    notes: 'Départ à l’heure : le car n’attend pas.',
  })) as Trip;
  return { index, trip };
}

/** PUT /deplacements/{id} with the trip as it is but its seats. */
function setSeats(admin: Api, trip: Trip, seats: number) {
  return admin.ok('put', `/deplacements/${trip.id}`, {
    match_id: trip.match_id,
    antenne_id: trip.antenne.id,
    depart_lieu: trip.depart_lieu,
    depart_heure: trip.depart_heure,
    retour_heure: trip.retour_heure,
    places_total: seats,
    prix: trip.prix,
    date_limite: trip.date_limite,
    notes: trip.notes,
  }) as Promise<Trip>;
}

/** The home page on the match's slide (the carousel's dot when it has several). */
async function matchBlock(page: Page, matchId: number, index: number): Promise<Locator> {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: /prochains matchs/i });
  const slide = carousel.locator(`article:has(#match-${matchId}-title)`);
  if (index > 0) {
    const dot = carousel.getByRole('button', { name: `Aller au match ${index + 1}` });
    await dot.click();
    await expect(dot).toHaveAttribute('aria-current', 'true');
  }
  await expect(slide).toBeInViewport({ ratio: 0.3 });
  return slide;
}

/**
 * Every button and the Détails summary of the card: at least 44 px high, inside the card. The
 * boxes are read in one frame: the carousel may still be sliding, which moves them all together.
 */
async function expectTouchable(card: Locator) {
  const targets = await card.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const summary = Array.from(el.querySelectorAll('summary')).filter(
      (s) => s.textContent === 'Détails',
    );
    return [...Array.from(el.querySelectorAll('button')), ...summary]
      .map((t) => ({ label: t.textContent ?? '', rect: t.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ label, rect }) => ({
        label,
        height: rect.height,
        left: rect.left - box.left,
        right: box.right - rect.right,
      }));
  });
  expect(targets.length).toBeGreaterThan(0);
  for (const t of targets) {
    expect(t.height, t.label).toBeGreaterThanOrEqual(44);
    expect(t.left, t.label).toBeGreaterThanOrEqual(-0.5);
    expect(t.right, t.label).toBeGreaterThanOrEqual(-0.5);
  }
  // Nothing in the card runs past its edge (long place names wrap).
  const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`at ${width} px a member registers on the coach in two taps, leaves, then waits in line`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await as(request, DEMO.admin);
    const account = await newConfirmedMember(request, 'car');
    const member = await as(request, account);
    const { index, trip: roomy } = await awayCoach(admin);
    const title = `Car de ${roomy.antenne.nom}`;

    const page = await pageAs(browser, account, { width, height });
    const slide = await matchBlock(page, roomy.match_id, index);
    const card = slide.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText(/\d+ places? restantes?/)).toBeVisible();
    await expect(card.getByText('Inscriptions ouvertes')).toBeVisible();
    await expectTouchable(card);
    await card.scrollIntoViewIfNeeded();
    await slide.screenshot({ path: test.info().outputPath(`trips-card-${width}.png`) });

    // Two taps: Je m’inscris, then Confirmer (1 seat by default).
    await card.getByRole('button', { name: 'Je m’inscris' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('button', { name: '1 place' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.screenshot({ path: test.info().outputPath(`trips-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Inscrit ✓')).toBeVisible();
    await expect(
      page.getByText(`Tu es inscrit dans le car de ${roomy.antenne.nom} !`),
    ).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await slide.screenshot({ path: test.info().outputPath(`trips-registered-${width}.png`) });
    const mine = (await member.ok('get', `/deplacements?match_id=${roomy.match_id}`)) as Trip[];
    expect(mine.find((t) => t.id === roomy.id)?.inscription?.statut).toBe('CONFIRME');

    // Leaving asks first.
    await card.getByRole('button', { name: 'Me désinscrire' }).click();
    await page
      .getByRole('alertdialog', { name: 'Me désinscrire' })
      .getByRole('button', { name: 'Oui, me désinscrire' })
      .click();
    await expect(card.getByRole('button', { name: 'Je m’inscris' })).toBeVisible();
    await expect(card.getByText('Inscrit ✓')).toBeHidden();

    // Full: the ADMIN lowers the seats to those confirmed; the next one waits in line.
    const now = (await admin.ok('get', `/deplacements?match_id=${roomy.match_id}`)) as Trip[];
    const current = now.find((t) => t.id === roomy.id)!;
    let taken = current.places_total - current.places_restantes;
    if (taken === 0) {
      // A coach nobody had taken yet: the ADMIN takes a seat so there is a line to wait in.
      await admin.ok('post', `/deplacements/${current.id}/inscriptions`, { nb_places: 1 });
      taken = 1;
    }
    const full = await setSeats(admin, current, taken);
    expect(full.places_restantes).toBe(0);
    const position = full.nb_attente + 1;

    await page.reload();
    const again = await matchBlock(page, roomy.match_id, index);
    const fullCard = again.getByRole('article', { name: title });
    await expect(fullCard.getByText('Complet', { exact: true })).toBeVisible();
    // A full coach says what registering does: the waiting list.
    await fullCard.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    await page
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: 'Rejoindre la liste d’attente' })
      .click();
    await expect(fullCard.getByText(`Liste d’attente : position ${position}`)).toBeVisible();
    await fullCard.scrollIntoViewIfNeeded();
    await again.screenshot({ path: test.info().outputPath(`trips-waiting-${width}.png`) });

    // The run's coach is cancelled: its registrants are told, the other specs see the demo's.
    await admin.ok('delete', `/deplacements/${roomy.id}`);
    await page.context().close();
  });
}

/**
 * The cards are a member's extra on the landing page: they come after its first paint and bring
 * neither an Intl formatter nor zod with them (docs/PERFORMANCE.md).
 */
test('the home page with a coach card: no Intl formatter and no zod before the member taps', async ({
  browser,
  request,
}) => {
  const { index, trip } = await awayCoach(await as(request, DEMO.admin));
  // A plain supporter: an editor's home page brings the news editor's code (and its counter).
  const page = await pageAs(browser, DEMO.supporter);
  const boot = await watchBoot(page);
  const slide = await matchBlock(page, trip.match_id, index);
  await expect(slide.getByRole('article', { name: `Car de ${trip.antenne.nom}` })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await boot.intlMade()).toEqual([]);
  expect(boot.zodScripts()).toEqual([]);
  await page.context().close();
});
