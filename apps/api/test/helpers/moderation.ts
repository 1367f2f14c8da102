import type { Role } from '@munegu/shared';
import type { TestApp } from './app.js';
import { bearer } from './auth.js';
import { createUser, type UserOverrides } from './factories.js';

/** Test helpers of the moderation tests: members by role, reports, calls through the API. */
export function moderationWorld(t: TestApp) {
  const member = (role: Role = 'UTILISATEUR', overrides: Partial<UserOverrides> = {}) =>
    createUser(t.db, { role, ...overrides });

  /** `method /api{url}` as `who` (null: anonymous). */
  async function api(
    who: { id: number; role: Role } | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? await bearer(t.app, who, t.clock) : {},
      ...(payload ? { payload } : {}),
    });
  }
  /** The same under /api/moderation. */
  const call = (
    who: Parameters<typeof api>[0],
    method: Parameters<typeof api>[1],
    url: string,
    payload?: object,
  ) => api(who, method, `/moderation${url}`, payload);

  async function report(
    reportedUserId: number,
    extra: Partial<{
      reporterId: number;
      section: string;
      contextType: string;
      contextId: number;
      customReason: string;
      createdAt: Date;
    }> = {},
  ) {
    const section = extra.section ?? 'profil';
    const reason = await t.db.reason.findFirstOrThrow({
      where: { kind: 'SIGNALEMENT', section },
      orderBy: { position: 'asc' },
    });
    const reporterId = extra.reporterId ?? (await member()).id;
    return t.db.report.create({
      data: { reportedUserId, reasonId: reason.id, ...extra, section, reporterId },
      include: { reason: true },
    });
  }

  const auditOf = (targetType: string, targetId: number) =>
    t.db.auditLog.findMany({
      where: { targetType, targetId: String(targetId) },
      orderBy: { id: 'asc' },
    });

  return { member, api, call, report, auditOf };
}
