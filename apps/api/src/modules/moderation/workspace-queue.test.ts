import type { QueuePage } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = moderationWorld(t);

type Who = Parameters<typeof w.call>[0];

/** Every group of the queue, page after page (the embedded run shares one database). */
async function groups(who: Who) {
  const all: QueuePage['items'] = [];
  for (let page = 1; ; page++) {
    const res = await w.call(who, 'GET', `/queue?page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as QueuePage;
    all.push(...body.items);
    if (page * body.pageSize >= body.total) return { all, body };
  }
}

const openCount = async (who: Who) => {
  const res = await w.call(who, 'GET', '/reports/count');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { open: number }).open;
};

describe('GET /api/moderation/queue (open reports grouped per member)', () => {
  it('is for moderators: 401 anonymous, 403 members and editors', async () => {
    for (const url of ['/queue', '/reports/count']) {
      expect((await w.call(null, 'GET', url)).statusCode).toBe(401);
      for (const role of ['UTILISATEUR', 'REDACTEUR'] as const)
        expect((await w.call(await w.member(role), 'GET', url)).statusCode).toBe(403);
    }
  });

  it('puts two reports on one member in one group of 2, with their reasons', async () => {
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    const first = await w.report(reported.id, { createdAt: new Date('2998-01-01T10:00:00Z') });
    const second = await w.report(reported.id, {
      section: 'message',
      createdAt: new Date('2998-01-02T10:00:00Z'),
    });
    // A handled report is history: not in the group, not counted.
    const handled = await w.report(reported.id, { section: 'covoiturage' });
    await t.db.report.update({ where: { id: handled.id }, data: { status: 'REVIEWED' } });
    const other = await w.member();
    await w.report(other.id);

    const { all, body } = await groups(moderator);
    const mine = all.filter((g) => g.member.id === reported.id);
    expect(mine).toHaveLength(1);
    const group = mine[0]!;
    expect(group.openCount).toBe(2);
    expect(group.member).toMatchObject({ pseudo: reported.username, status: 'ACTIVE' });
    expect(group.reports.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(group.latestAt).toBe('2998-01-02T10:00:00.000Z');
    expect(group.reasons.map((r) => r.label).sort()).toEqual(
      [first.reason.label, second.reason.label].sort(),
    );
    expect(group.reasons.reduce((n, r) => n + r.count, 0)).toBe(2);
    expect(all.filter((g) => g.member.id === other.id)[0]?.openCount).toBe(1);

    // Members with more open reports come first.
    const counts = all.map((g) => g.openCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.open).toBe(all.reduce((n, g) => n + g.openCount, 0));
    expect(body.total).toBe(all.length);
  });

  it('counts the open reports for the navigation, and the count follows the queue', async () => {
    const moderator = await w.member('MODERATEUR');
    const before = await openCount(moderator);
    const reported = await w.member();
    await w.report(reported.id);
    const second = await w.report(reported.id, { section: 'message' });
    expect(await openCount(moderator)).toBe(before + 2);
    expect((await groups(moderator)).body.open).toBe(before + 2);

    const dismissed = await w.call(moderator, 'POST', `/reports/${second.id}/dismiss`, {});
    expect(dismissed.statusCode).toBe(200);
    expect(await openCount(moderator)).toBe(before + 1);
  });

  it('leaves reports about moderators and admins to admins', async () => {
    const moderator = await w.member('MODERATEUR');
    const admin = await w.member('ADMIN');
    const peer = await w.member('MODERATEUR');
    const [modBefore, adminBefore] = [await openCount(moderator), await openCount(admin)];
    await w.report(peer.id);

    expect(await openCount(moderator)).toBe(modBefore);
    expect(await openCount(admin)).toBe(adminBefore + 1);
    expect((await groups(moderator)).all.some((g) => g.member.id === peer.id)).toBe(false);
    expect((await groups(admin)).all.find((g) => g.member.id === peer.id)?.openCount).toBe(1);
  });

  it('shows at most 10 reports in a group, and counts them all', async () => {
    const moderator = await w.member('MODERATEUR');
    const reported = await w.member();
    for (let i = 0; i < 12; i++) await w.report(reported.id);
    const group = (await groups(moderator)).all.find((g) => g.member.id === reported.id)!;
    expect(group.openCount).toBe(12);
    expect(group.reports).toHaveLength(10);
  });
});
