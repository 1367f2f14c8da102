import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiToken, newConfirmedMember, pageAs } from '../fixtures/accounts';
import { parisLocal, seasonOfKickoff } from '../fixtures/matches';

/**
 * A moved kickoff and the coach: the demo admin moves, in the operators' match form, the
 * kickoff of a match with a coach to before the coach leaves; the form says who will be told
 * and names the coach first. The organiser's Mes déplacements then asks them to change the
 * coach's times, and a registrant's bell says they are to be changed. Admin at 1280 px,
 * organiser and registrant at 390 px. The match and the coach are this spec's own, removed
 * at the end.
 */
const SCREENS = path.resolve(import.meta.dirname, '../test-results/trips-kickoff');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type AdminMatch = { id: number; season: string; journee: number };

/** A match four weeks ahead, a coach of the redacteur's antenna for it, a member on it. */
async function coachMatch(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin);
  const redacteur = await apiToken(request, DEMO.redacteur);
  const all = (await (
    await request.get('/api/admin/matchs', { headers: bearer(admin) })
  ).json()) as AdminMatch[];
  const kickoffAt = new Date(Date.now() + 28 * 86_400_000);
  const kickoff = parisLocal(kickoffAt);
  const season = seasonOfKickoff(kickoff);
  const used = new Set(all.filter((m) => m.season === season).map((m) => m.journee));
  const journee = [...Array(60).keys()].map((i) => 90 - i).find((j) => !used.has(j))!;
  const created = await request.post('/api/admin/matchs', {
    headers: bearer(admin),
    data: { season, journee, kickoff, hashtag: '#E2EKICK', club_dom_id: 2, club_ext_id: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const match = (await created.json()) as AdminMatch;

  const me = (await (
    await request.get('/api/users/me', { headers: bearer(redacteur) })
  ).json()) as { antennes_organisees: { id: number; nom: string }[] };
  const antenna = me.antennes_organisees[0]!;
  const departure = new Date(kickoffAt.getTime() - 6 * 3_600_000);
  const trip = await request.post('/api/deplacements', {
    headers: bearer(redacteur),
    data: {
      match_id: match.id,
      antenne_id: antenna.id,
      depart_lieu: 'Gare de Nice-Ville',
      depart_heure: departure.toISOString(),
      places_total: 20,
    },
  });
  expect(trip.status(), await trip.text()).toBe(201);
  const { id: tripId } = (await trip.json()) as { id: number };

  const member = await newConfirmedMember(request, 'kick');
  const registered = await request.post(`/api/deplacements/${tripId}/inscriptions`, {
    headers: bearer(await apiToken(request, member)),
    data: { nb_places: 1 },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { admin, redacteur, match, antenna, tripId, departure, member };
}

test('a kickoff moved before the coach leaves warns the operator, the organiser and the registrant', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, redacteur, match, antenna, tripId, departure, member } = await coachMatch(request);
  try {
    const operator = await pageAs(browser, DEMO.admin, DESKTOP);
    await operator.goto(`/admin/matchs?season=${match.season}`);
    await operator
      .getByRole('button', { name: `Modifier le match de la journée ${match.journee}` })
      .click();
    const form = operator.getByRole('dialog', { name: 'Modifier le match' });
    const movedTo = parisLocal(new Date(departure.getTime() - 3_600_000));
    await form.getByLabel('Coup d’envoi (heure de Paris)').fill(movedTo);
    await expect(
      form.getByText(
        'Ce match a un car : ses inscrits et ses organisateurs seront prévenus du nouvel horaire.',
      ),
    ).toBeVisible();
    await expect(form.getByText(`Car de ${antenna.nom} : départ le`)).toBeVisible();
    await operator.screenshot({ path: path.join(SCREENS, '1280-operator.png') });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(operator.getByText('Match modifié.')).toBeVisible();
    await operator.context().close();

    const organiser = await pageAs(browser, DEMO.redacteur, PHONE);
    await organiser.goto('/mes-deplacements');
    const row = organiser.locator(`li:has(a[href="/mes-deplacements/${tripId}"])`);
    await expect(row.getByRole('status')).toContainText(
      'le car part après ou rentre avant. Change ses horaires',
    );
    await row.scrollIntoViewIfNeeded();
    await organiser.screenshot({ path: path.join(SCREENS, '390-organiser.png') });
    await organiser.context().close();

    const registrant = await pageAs(browser, member, PHONE);
    await registrant.getByRole('button', { name: /^Notifications/ }).click();
    await expect(
      registrant.getByText(
        `Les horaires du car de ${antenna.nom} sont à revoir : les organisateurs vont les changer.`,
        { exact: false },
      ),
    ).toBeVisible();
    // The whole line shows, down to its date, however long the sentence.
    const line = registrant.getByRole('menuitem', { name: /sont à revoir/ });
    const [lineBox, dateBox] = await line.evaluate((el) =>
      [el.parentElement!, el.querySelector('small')!].map((e) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    expect(dateBox!.bottom).toBeLessThanOrEqual(lineBox!.bottom);
    await registrant.screenshot({ path: path.join(SCREENS, '390-bell.png') });
    await registrant.context().close();
  } finally {
    // Cancelling withdraws the registrant's presence, so the match can go with its coach.
    await request.delete(`/api/deplacements/${tripId}`, { headers: bearer(redacteur) });
    await request.delete(`/api/admin/matchs/${match.id}`, { headers: bearer(admin) });
  }
});
