// Issue 27: a notification names its match, and a deleted member reads 'Un ancien membre'
// (never their 'Supprime_<id>' pseudo), in the bell and in the mails.
import { describe, expect, it } from 'vitest';
import { CARPOOL_MAIL_DIGESTS } from '../../jobs/carpool.jobs.js';
import { deleteAccount } from '../../../test/helpers/accounts.js';
import { FAST_JOBS, useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

// Jobs on: the scheduled run sends the mails the per-sender window held back.
const t = useTestApp({ jobs: FAST_JOBS });
const w = carpoolWorld(t);

type Member = Awaited<ReturnType<typeof w.member>>;
type BellRow = {
  id: number;
  statut: { id: number } | null;
  sender: { id: number; username: string; profile_picture: string | null } | null;
  match: { id: number; domicile: string; exterieur: string; date: string } | null;
};

const bell = async (user: Member) =>
  (await w.api(user, 'GET', '/user-notification/me')).json() as BellRow[];
const mails = (user: Member) =>
  t.db.mailOutbox.findMany({
    where: { to: user.email, kind: 'carpool-notification' },
    orderBy: { createdAt: 'asc' },
  });
/** The match as members read it: 'AS Monaco – FC Nantes du 29/11' (Paris date). */
async function label(matchId: number) {
  const m = await t.db.match.findUniqueOrThrow({
    where: { id: matchId },
    include: { homeClub: true, awayClub: true },
  });
  const [day, month] = m.kickoffAt
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })
    .split('/');
  return {
    match: m,
    text: `${m.homeClub.name} – ${m.awayClub.name} du ${day}/${month}`,
  };
}

describe('notifications name their match', () => {
  it('in the bell (clubs and kickoff) and in the mail', async () => {
    const created = await w.match();
    const driver = await w.driver(created.id, 3);
    const searcher = await w.searcher(created.id, 1);
    expect((await w.request(searcher, driver, created.id)).statusCode).toBe(201);
    const { match, text } = await label(created.id);

    const [row] = await bell(driver);
    expect(row!.match).toEqual({
      id: match.id,
      domicile: match.homeClub.name,
      exterieur: match.awayClub.name,
      date: match.kickoffAt.toISOString(),
    });
    const [mail] = await mails(driver);
    expect(mail!.text).toContain(
      `Pour le match ${text} : ${searcher.username} vous a demandé un covoiturage.`,
    );
  });
});

describe('a deleted member', () => {
  it("reads 'Un ancien membre' in the bell, its popup and a later mail", async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const sent = await w.request(searcher, driver, match.id);
    expect(sent.statusCode).toBe(201);
    // Inside the per-sender mail window: this one waits for the scheduled run.
    const reason = await w.reason('ANNULATION');
    const cancelled = await w.cancel(searcher, match.id, reason.id, {
      userToUserMatchId: sent.json().relation.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await mails(driver)).toHaveLength(1);

    await deleteAccount(t, searcher);

    const response = await w.api(driver, 'GET', '/user-notification/me');
    expect(response.body).not.toMatch(/supprime/i);
    const fromSearcher = (response.json() as BellRow[]).filter((n) => n.sender?.id === searcher.id);
    expect(fromSearcher.map((n) => n.statut?.id)).toEqual([5, 2]);
    for (const n of fromSearcher) {
      expect(n.sender).toMatchObject({ username: 'Un ancien membre', profile_picture: null });
      expect(n.match?.id).toBe(match.id);
    }
    const popup = await w.api(driver, 'GET', `/notification-covoiturage/${fromSearcher[0]!.id}`);
    expect(popup.json().triggeredBy).toMatchObject({ username: 'Un ancien membre' });

    // Past the window, the held-back cancellation is mailed under the same name.
    t.clock.advance(16 * 60_000);
    try {
      await t.app.boss!.send(CARPOOL_MAIL_DIGESTS, {});
      await expect.poll(async () => (await mails(driver)).length, { timeout: 15_000 }).toBe(2);
    } finally {
      t.clock.reset();
    }
    const later = (await mails(driver))[1]!;
    const { text } = await label(match.id);
    expect(later.text).toContain(
      `Pour le match ${text} : Un ancien membre a annulé le covoiturage.`,
    );
    expect(`${later.subject} ${later.text} ${later.html}`).not.toMatch(/supprime/i);
  });
});
