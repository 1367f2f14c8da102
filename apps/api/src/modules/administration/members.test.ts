import type { MemberDetail, MemberSummary } from '@munegu/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('administration: members, roles, poste and titles', () => {
  let t: TestApp;
  let admin: Member;
  const as = (user: Member) => bearer(t.app, user, t.clock);
  const put = async (user: Member, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api${url}`, headers: await as(user), payload });
  const activeAdmins = () => t.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // Each case starts with exactly one active administrator of its own (the embedded test
  // database is shared by every file, run one after another).
  beforeEach(async () => {
    await t.db.user.updateMany({ where: { role: 'ADMIN' }, data: { role: 'MODERATEUR' } });
    admin = await createUser(t.db, { role: 'ADMIN' });
  });

  it('finds members by pseudo or e-mail, at least 2 characters, without deleted accounts', async () => {
    const key = Math.random().toString(36).slice(2, 7);
    const bob = await createUser(t.db, { username: `Bob${key}` });
    const mail = await createUser(t.db, { email: `zz${key}@example.com` });
    await createUser(t.db, { username: `Del${key}x`, status: 'DELETED' });
    const headers = await as(admin);
    const search = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/administration/membres?q=${q}`, headers });

    const found = (await search(key.toUpperCase())).json() as MemberSummary[];
    expect(found.map((m) => m.id).sort()).toEqual([bob.id, mail.id].sort());
    expect(found.find((m) => m.id === bob.id)).toEqual({
      id: bob.id,
      pseudo: bob.username,
      email: bob.email,
      role: 'UTILISATEUR',
      status: 'ACTIVE',
    });
    const short = await search('b');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].message).toBe('Saisis au moins 2 caractères.');
    expect(((await search('u_')).json() as unknown[]).length).toBeLessThanOrEqual(20);
    // '%' and '_' are letters to look for, not wildcards that match every member.
    const underscored = await createUser(t.db, { username: `a_${key}` });
    const literal = (await search(`_${key}`)).json() as MemberSummary[];
    expect(literal.map((m) => m.id)).toEqual([underscored.id]);
    expect((await search('%25%25')).json()).toEqual([]);
  });

  it('shows a member with poste and titles by importance; unknown ids are 404', async () => {
    const member = await createUser(t.db);
    const low = await t.db.title.create({
      data: { label: `Bas ${member.id}`, color: '#111111', importance: 1 },
    });
    const high = await t.db.title.create({
      data: { label: `Haut ${member.id}`, color: '#222222', importance: 9 },
    });
    const headers = await as(admin);
    for (const title of [low, high])
      await t.app.inject({
        method: 'POST',
        url: `/api/administration/membres/${member.id}/titres`,
        headers,
        payload: { title_id: title.id },
      });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/administration/membres/${member.id}`,
      headers,
    });
    const detail = res.json() as MemberDetail;
    expect(detail).toMatchObject({ id: member.id, pseudo: member.username, poste: null });
    expect(detail.created_at).toBe(member.createdAt.toISOString());
    expect(detail.titres.map((x) => x.id)).toEqual([high.id, low.id]);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/administration/membres/${member.id}/titres`,
      headers,
      payload: { title_id: low.id },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ce membre a déjà ce titre.');

    // The public profile picks them up, sorted by importance.
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/users/by-username/${member.username}`,
      headers,
    });
    expect(profile.json().titres.map((x: { libelle: string }) => x.libelle)).toEqual([
      high.label,
      low.label,
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/administration/membres/${member.id}/titres/${high.id}`,
      headers,
    });
    expect((removed.json() as MemberDetail).titres.map((x) => x.id)).toEqual([low.id]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/administration/membres/${member.id}/titres/${high.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    const audits = await t.db.auditLog.findMany({
      where: { targetType: 'user', targetId: String(member.id) },
      orderBy: { id: 'asc' },
    });
    expect(audits.map((a) => a.action)).toEqual([
      'user.title.grant',
      'user.title.grant',
      'user.title.remove',
    ]);
    expect(audits[2]).toMatchObject({ actorId: admin.id, data: { titleId: high.id } });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/administration/membres/999999999',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('changes a role at once, with an audit row', async () => {
    const member = await createUser(t.db);
    const res = await put(admin, `/administration/membres/${member.id}/role`, {
      role: 'MODERATEUR',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as MemberDetail).role).toBe('MODERATEUR');
    const audit = await t.db.auditLog.findFirst({
      where: { action: 'user.role', targetId: String(member.id) },
    });
    expect(audit).toMatchObject({
      actorId: admin.id,
      data: { from: 'UTILISATEUR', to: 'MODERATEUR' },
    });
    expect(audit?.ip).toBeTruthy();

    // Promoted: the member's token issued before the change now opens ADMIN routes.
    const headers = await as(member);
    await put(admin, `/administration/membres/${member.id}/role`, { role: 'ADMIN' });
    const list = await t.app.inject({ method: 'GET', url: '/api/administration/titres', headers });
    expect(list.statusCode).toBe(200);
    // Demoted again: the same token is refused at once.
    await put(admin, `/administration/membres/${member.id}/role`, { role: 'UTILISATEUR' });
    const after = await t.app.inject({ method: 'GET', url: '/api/administration/titres', headers });
    expect(after.statusCode).toBe(403);

    const bad = await put(admin, `/administration/membres/${member.id}/role`, { role: 'ROI' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the last active ADMIN; one may step down while another remains', async () => {
    const alone = await put(admin, `/administration/membres/${admin.id}/role`, {
      role: 'MODERATEUR',
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(
      'Impossible : il doit toujours rester au moins un administrateur actif.',
    );
    // A suspended administrator does not count.
    await createUser(t.db, { role: 'ADMIN', status: 'SUSPENDED' });
    expect(
      (await put(admin, `/administration/membres/${admin.id}/role`, { role: 'UTILISATEUR' }))
        .statusCode,
    ).toBe(409);

    const other = await createUser(t.db, { role: 'ADMIN' });
    const stepDown = await put(admin, `/administration/membres/${admin.id}/role`, {
      role: 'MODERATEUR',
    });
    expect(stepDown.statusCode).toBe(200);
    expect(await activeAdmins()).toBe(1);
    const last = await put(other, `/administration/membres/${other.id}/role`, {
      role: 'REDACTEUR',
    });
    expect(last.statusCode).toBe(409);
    expect(await activeAdmins()).toBe(1);
  });

  it('never ends with zero admins when two demote each other at the same time', async () => {
    const second = await createUser(t.db, { role: 'ADMIN' });
    for (let round = 0; round < 8; round += 1) {
      await t.db.user.updateMany({
        where: { id: { in: [admin.id, second.id] } },
        data: { role: 'ADMIN' },
      });
      const [a, b] = [await as(admin), await as(second)];
      const results = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/administration/membres/${second.id}/role`,
          headers: a,
          payload: { role: 'MODERATEUR' },
        }),
        t.app.inject({
          method: 'PUT',
          url: `/api/administration/membres/${admin.id}/role`,
          headers: b,
          payload: { role: 'MODERATEUR' },
        }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      // One wins; the other is refused (now a moderator: 403, or the last admin: 409).
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await activeAdmins()).toBe(1);
    }
  });

  it('sets and clears the poste (60 characters, no HTML)', async () => {
    const member = await createUser(t.db);
    const url = `/administration/membres/${member.id}/poste`;
    const set = await put(admin, url, { poste: '  Responsable déplacements ' });
    expect((set.json() as MemberDetail).poste).toBe('Responsable déplacements');
    const profile = await t.db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(profile.position).toBe('Responsable déplacements');
    for (const poste of ['x'.repeat(61), '<b>Chef</b>']) {
      const bad = await put(admin, url, { poste });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].message).toBe(
        'Le poste doit contenir au plus 60 caractères, sans balise.',
      );
    }
    expect((await put(admin, url, { poste: '' })).json().poste).toBeNull();
    expect((await put(admin, url, { poste: null })).json().poste).toBeNull();
    const audits = await t.db.auditLog.findMany({
      where: { action: 'user.poste', targetId: String(member.id) },
    });
    expect(audits.map((a) => a.data)).toEqual([
      { from: null, to: 'Responsable déplacements' },
      { from: 'Responsable déplacements', to: null },
    ]);
  });
});
