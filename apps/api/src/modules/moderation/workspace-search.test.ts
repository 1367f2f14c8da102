import type { ModerationSearchResult } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = moderationWorld(t);

/** A prefix nobody else's pseudo or e-mail starts with (files share one embedded database). */
const tag = () => `zq${Math.random().toString(36).slice(2, 8)}`;

const search = async (who: Parameters<typeof w.call>[0], q: string) =>
  w.call(who, 'GET', `/users?q=${encodeURIComponent(q)}`);
const found = async (who: Parameters<typeof w.call>[0], q: string) => {
  const res = await search(who, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModerationSearchResult[];
};

describe('GET /api/moderation/users?q= (member search)', () => {
  it('is for moderators: 401 anonymous, 403 members and editors', async () => {
    expect((await search(null, 'karim')).statusCode).toBe(401);
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const) {
      const res = await search(await w.member(role), 'karim');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Vous n'êtes pas autorisé à effectuer cette action.");
    }
  });

  it('finds a member by the start of their pseudo or e-mail, in any case', async () => {
    const moderator = await w.member('MODERATEUR');
    const prefix = tag();
    const member = await w.member('UTILISATEUR', {
      username: `${prefix}Rik`.slice(0, 15),
      email: `mail.${prefix}@example.com`,
    });

    const byPseudo = await found(moderator, prefix.toUpperCase());
    expect(byPseudo.map((m) => m.id)).toEqual([member.id]);
    expect(byPseudo[0]).toMatchObject({
      pseudo: member.username,
      email: member.email,
      role: 'UTILISATEUR',
      status: 'ACTIVE',
      openReports: 0,
      sanctions: { warn: 0, silence: 0, suspend: 0, ban: 0 },
    });

    const byEmail = await found(moderator, `MAIL.${prefix}`);
    expect(byEmail.map((m) => m.id)).toEqual([member.id]);

    // A prefix, not a part: the middle of a pseudo or of an address finds nobody.
    expect(await found(moderator, prefix.slice(2))).not.toContainEqual(
      expect.objectContaining({ id: member.id }),
    );
    expect(await found(moderator, `${prefix}@exa`)).toEqual([]);
  });

  it('says how many open reports and sanctions each member has', async () => {
    const moderator = await w.member('MODERATEUR');
    const prefix = tag();
    const member = await w.member('UTILISATEUR', { username: `${prefix}x`.slice(0, 15) });
    await w.report(member.id);
    await w.report(member.id);
    const closed = await w.report(member.id);
    await t.db.report.update({ where: { id: closed.id }, data: { status: 'DISMISSED' } });
    const reason = 'Insultes répétées en message privé.';
    const warned = await w.report(member.id, { section: 'message' });
    expect(
      (await w.call(moderator, 'POST', `/reports/${warned.id}/warn`, { reason })).statusCode,
    ).toBe(200);
    for (const [path, body] of [
      ['silence', { reason, days: 2 }],
      ['suspend', { reason, days: 3 }],
      ['lift', {}],
      ['ban', { reason }],
    ] as const) {
      const res = await w.call(moderator, 'POST', `/users/${member.id}/${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const [result] = await found(moderator, prefix);
    expect(result).toMatchObject({
      id: member.id,
      status: 'SUSPENDED',
      suspendedUntil: null,
      openReports: 2,
      sanctions: { warn: 1, silence: 1, suspend: 1, ban: 1 },
    });
  });

  it('needs 2 characters, returns at most 20 members and never anonymised ones', async () => {
    const moderator = await w.member('MODERATEUR');
    const short = await search(moderator, ' b ');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Saisis au moins 2 caractères.');

    const prefix = tag();
    for (let i = 0; i < 22; i++)
      await w.member('UTILISATEUR', { username: `${prefix}${i}`.slice(0, 15) });
    const deleted = await w.member('UTILISATEUR', {
      username: `${prefix}del`.slice(0, 15),
      status: 'DELETED',
    });
    const many = await found(moderator, prefix);
    expect(many).toHaveLength(20);
    expect(many.map((m) => m.id)).not.toContain(deleted.id);
    // Sorted by pseudo, whatever the case.
    const keys = many.map((m) => m.pseudo.toLowerCase());
    expect(keys).toEqual([...keys].sort());
  });

  it('takes % and _ as the characters they are, not as wildcards', async () => {
    const moderator = await w.member('MODERATEUR');
    const prefix = tag();
    await w.member('UTILISATEUR', { username: `${prefix}ab`.slice(0, 15) });
    const underscored = await w.member('UTILISATEUR', { username: `${prefix}_b`.slice(0, 15) });
    // '_b' is an underscore then a b: the 'ab' member does not match it.
    expect((await found(moderator, `${prefix}_b`)).map((m) => m.id)).toEqual([underscored.id]);
    expect(await found(moderator, `${prefix}%`)).toEqual([]);
    expect(await found(moderator, `%${prefix}`)).toEqual([]);
  });
});
