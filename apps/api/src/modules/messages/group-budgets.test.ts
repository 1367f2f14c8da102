import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

/**
 * What one group's members can receive, all senders together (issue 30): past the group's
 * budget (5 here) every sender is refused in French and nothing is stored; the budget is that
 * group's, and a non-member's attempt does not spend it.
 */
const t = useTestApp({ env: { RATE_LIMIT_GROUP_MESSAGE_PER_GROUP: '5/10m' } });
const w = carpoolWorld(t);

type Member = Awaited<ReturnType<typeof w.member>>;
const post = (u: Member, id: number, content: string) =>
  w.api(u, 'POST', `/messages/groupes/${id}`, { content });
const groupOf = async (u: Member) =>
  ((await w.api(u, 'GET', '/messages/groupes')).json() as { id: number }[])[0]!.id;

/** A confirmed car: a driver with `n` passengers, and its group's id. */
async function car(n: number) {
  const match = await w.match();
  const driver = await w.driver(match.id, n);
  const passengers: Member[] = [];
  for (let i = 0; i < n; i++) {
    const p = await w.searcher(match.id, 1);
    expect((await w.request(p, driver, match.id)).statusCode).toBe(201);
    expect((await w.answer(driver, 'confirm', p, match.id)).statusCode).toBe(200);
    passengers.push(p);
  }
  return { driver, passengers, id: await groupOf(driver) };
}

describe('group budget', () => {
  it('caps what a group receives from all its senders; other groups go on', async () => {
    const { driver, passengers, id } = await car(2);
    const [a, b] = passengers as [Member, Member];
    const stranger = await w.member();
    expect((await post(stranger, id, 'Coucou')).statusCode).toBe(404);
    for (const [who, text] of [
      [driver, 'Un'],
      [driver, 'Deux'],
      [driver, 'Trois'],
      [a, 'Quatre'],
      [a, 'Cinq'],
    ] as const)
      expect((await post(who, id, text)).statusCode).toBe(201);

    const refused = await post(b, id, 'Six');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Ce groupe a reçu beaucoup de messages\. Réessaie dans \d+ (minute|heure)s?\.$/,
    );
    const thread = (await w.api(b, 'GET', `/messages/groupes/${id}?offset=0`)).json() as {
      content: string;
    }[];
    expect(thread.map((m) => m.content)).toEqual(['Un', 'Deux', 'Trois', 'Quatre', 'Cinq']);

    const other = await car(1);
    expect((await post(other.driver, other.id, 'Autre voiture')).statusCode).toBe(201);
  });
});
