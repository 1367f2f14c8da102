import { beforeAll } from 'vitest';
import { KICKOFF_ANNOUNCEMENTS } from '../../src/jobs/matches.jobs.js';
import { useTestApp, type TestApp } from './app.js';
import { bearer } from './auth.js';
import { createUser } from './factories.js';
import { runJob } from './jobs.js';

/**
 * A test app for the file with one signed-in administrator, made before its tests (after the
 * app) and closed with it: the operators' screens' tests all start from this.
 */
export function useAdminApp() {
  const t = useTestApp();
  const admin = { id: 0, headers: { authorization: '' } };
  beforeAll(async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    admin.id = user.id;
    admin.headers = await bearer(t.app, user, t.clock);
  });
  return { t, admin };
}

/**
 * An ADMIN (made here) moves match `match` to `kickoff` ('YYYY-MM-DDTHH:mm', Paris time)
 * through the operators' form route, keeping its season, round and clubs.
 */
export async function moveKickoff(
  t: TestApp,
  match: { id: number; homeClubId: number; awayClubId: number },
  where: { season: string; journee: number },
  kickoff: string,
) {
  const admin = await createUser(t.db, { role: 'ADMIN' });
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/matchs/${match.id}`,
    headers: await bearer(t.app, { id: admin.id, role: 'ADMIN' }, t.clock),
    payload: {
      ...where,
      kickoff,
      club_dom_id: match.homeClubId,
      club_ext_id: match.awayClubId,
    },
  });
}

/**
 * The moved kickoffs' announcements, as the travellers get them: the clock moves past
 * KICKOFF_ANNOUNCE_DELAY_MINUTES, the scheduled run goes through the queue (the app must run
 * jobs), then the clock follows real time again.
 */
export async function announceKickoffs(t: TestApp): Promise<void> {
  t.clock.advance(t.config.kickoffAnnounceDelayMs + 1000);
  try {
    await runJob(t.app, KICKOFF_ANNOUNCEMENTS);
  } finally {
    t.clock.reset();
  }
}
