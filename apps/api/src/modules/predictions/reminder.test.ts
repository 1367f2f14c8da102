import { domainEvents } from '../../events/domain-events.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, memoryTransport } from '../../../test/helpers/app.js';
import {
  createMatch,
  createPrediction,
  createUser,
  uniqueRealSeason,
} from '../../../test/helpers/factories.js';
import { reminderRepository } from './reminder.repository.js';
import { reminderService } from './reminder.service.js';
import { transactionRunner } from '../../db/tx.js';
import { mailService } from '../mail/mail.service.js';
import { mailRepository } from '../mail/mail.repository.js';
import { emailTokensService } from '../email-tokens/email-tokens.service.js';
import { emailTokensRepository } from '../email-tokens/email-tokens.repository.js';

describe('prediction reminder', () => {
  let t: TestApp;
  const { season, year } = uniqueRealSeason();
  const kickoff = new Date(Date.UTC(year, 5, 1, 19, 0));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function service() {
    const transport = memoryTransport();
    const mail = mailService({
      repo: mailRepository(t.db),
      transport,
      dispatcher: { dispatch: async () => {} },
      clock: t.clock,
      log: { error: () => {}, warn: () => {}, info: () => {} } as never,
    });
    const tokens = emailTokensService({
      repo: emailTokensRepository(t.db),
      clock: t.clock,
      publicUrl: 'https://munegu.test',
    });
    return reminderService({
      repo: reminderRepository(t.db),
      mail,
      stopLinks: {
        link: async (userId, _kind, tx) =>
          (await tokens.issue(userId, 'STOP_NOTIF_APPLI', { tx })).link,
      },
      // As predictions.module.ts wires it: the work grows with the members (on the embedded
      // tier, every member the earlier files created), past Prisma's 5 s default.
      transaction: transactionRunner(t.db, { timeoutMs: t.config.scoringTransactionTimeoutMs }),
      clock: t.clock,
      publicUrl: 'https://munegu.test',
      associationName: 'Munegu',
      events: domainEvents(),
    });
  }

  it('mails once, 24 h ahead, only opted-in active members without a prediction, with a stop link', async () => {
    const match = await createMatch(t.db, { season, matchday: 1, kickoffAt: kickoff });
    const [waiting, predicted, optedOut, pending] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db, { appMailOptIn: false }),
      createUser(t.db, { status: 'PENDING' }),
    ]);
    await createPrediction(t.db, {
      userId: predicted.id,
      matchId: match.id,
      homeScore: 1,
      awayScore: 0,
    });
    const reminders = service();
    const outbox = (userId: number) =>
      t.db.user
        .findUniqueOrThrow({ where: { id: userId } })
        .then((u) =>
          t.db.mailOutbox.findMany({ where: { to: u.email, kind: 'prediction-reminder' } }),
        );

    t.clock.set(new Date(kickoff.getTime() - 25 * 3_600_000));
    await reminders.sendDue();
    expect(await outbox(waiting.id)).toHaveLength(0);

    t.clock.set(new Date(kickoff.getTime() - 23 * 3_600_000));
    await reminders.sendDue();
    await reminders.sendDue();
    const mails = await outbox(waiting.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(waiting.username);
    expect(mails[0]!.text).toMatch(/https:\/\/munegu\.test\/stop-notif\/\S+/);
    expect(mails[0]!.html).toContain('https://munegu.test/stop-notif/');
    for (const u of [predicted, optedOut, pending]) expect(await outbox(u.id)).toHaveLength(0);
    expect(
      (await t.db.match.findUniqueOrThrow({ where: { id: match.id } })).reminderSentAt,
    ).not.toBeNull();
    const token = await t.db.emailToken.count({
      where: { userId: waiting.id, purpose: 'STOP_NOTIF_APPLI' },
    });
    expect(token).toBe(1);
  });
});
