import { expect, test } from '@playwright/test';
import { DEMO, apiToken, pageAs } from '../fixtures/accounts';

/**
 * Community safety end to end: a member reports another one, a moderator works the report
 * through to a suspension in the operators' space, and the suspended member's open page says
 * why without a reload; logging in again says until when. Runs last among the specs
 * that use the demo member it suspends (its file name sorts after them), and lifts the
 * suspension at the end.
 */
test.describe.configure({ mode: 'serial' });

const MODERATOR = DEMO.moderateur;
const REPORTER = DEMO.redacteur;
/** A demo community member (apps/api/src/seed/community): shared demo password. */
const MEMBER = { email: 'karim13@demo.munegu.local', password: 'Membre#Demo26' };

test('a moderator suspends a reported member, whose open page says why', async ({
  browser,
  request,
}) => {
  const member = await pageAs(browser, MEMBER);
  const memberId = (await (
    await request.get('/api/users/me', {
      headers: { authorization: `Bearer ${await apiToken(request, MEMBER)}` },
    })
  ).json()) as { id: number; username: string };

  // Another member reports them from their profile's reasons.
  const reporter = await apiToken(request, REPORTER);
  const reasons = (await (await request.get('/api/motifs-signalement/profil')).json()) as {
    id: number;
    label: string;
  }[];
  const reason = reasons.find((r) => r.label.toLowerCase() !== 'autre')!;
  const reported = await request.post('/api/user-signalement', {
    headers: { authorization: `Bearer ${reporter}` },
    data: { to: memberId.id, motifId: reason.id, section: 'profil' },
  });
  expect(reported.status(), await reported.text()).toBe(200);

  const moderator = await pageAs(browser, MODERATOR);
  await moderator.goto('/admin/moderation');
  const card = moderator
    .getByRole('article', { name: `Signalement de ${memberId.username}` })
    .first();
  await expect(card.getByText(reason.label)).toBeVisible();
  await card.getByRole('button', { name: 'Suspendre' }).click();
  const dialog = moderator.getByRole('dialog', { name: `Suspendre ${memberId.username}` });
  await dialog.getByLabel('Durée (jours)').fill('7');
  await dialog.getByLabel('Raison').fill('Propos injurieux répétés dans les messages.');
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expect(moderator.getByText('Membre suspendu.')).toBeVisible();

  // The member's page, open all along, signs out by itself and says why.
  await expect(member.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  const why = member.getByRole('region', { name: 'Ton compte est suspendu' });
  await expect(why.getByText('Propos injurieux répétés dans les messages.')).toBeVisible();
  await member.goto('/login');
  await member.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await member.getByLabel('Mot de passe').fill(MEMBER.password);
  await member.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    member.getByText(/Ton compte est suspendu jusqu’au .* : Propos injurieux répétés/),
  ).toBeVisible();

  // The journal keeps the decision; then the moderator lifts it for the specs that follow.
  await moderator.goto('/admin/journal');
  await expect(
    moderator.getByText('Propos injurieux répétés dans les messages.').first(),
  ).toBeVisible();
  await moderator.goto('/admin/moderation');
  await moderator
    .getByRole('listitem')
    .filter({ hasText: memberId.username })
    .getByRole('button', { name: 'Lever la suspension' })
    .click();
  await expect(moderator.getByRole('listitem').filter({ hasText: memberId.username })).toHaveCount(
    0,
  );
});
