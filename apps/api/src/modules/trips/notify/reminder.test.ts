import { TRIP_TEXTS as T } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { createMatch, createUser, uniqueRealSeason } from '../../../../test/helpers/factories.js';
import { waitFor } from '../../../../test/helpers/smtp-sink.js';
import { runJob } from '../../../../test/helpers/jobs.js';
import { bellOf, MAIL_WAIT_MS, useMailingTrips } from '../../../../test/helpers/trip-notify.js';
import { TRIP_REMINDERS } from '../../../jobs/trips.jobs.js';

/**
 * The day-before reminder (issue 30), run by pg-boss as the schedule runs it (on PostgreSQL
 * only: vitest.embedded.config.ts says why), on the app's test clock: the trips departing the
 * next Paris day, not cancelled, remind their confirmed registrants once, whatever the number
 * of runs.
 */
const { sink, t, w } = useMailingTrips();

const bell = (user: { id: number }) => bellOf(t, user);

/** One run of the job through the queue, awaited until pg-boss marks it completed. */
const run = () => runJob(t.app, TRIP_REMINDERS);

describe('trip reminder', () => {
  it('is scheduled daily at 18:00 Paris time', async () => {
    const schedules = await t.app.boss!.getSchedules();
    expect(schedules.find((s) => s.name === TRIP_REMINDERS)).toMatchObject({
      cron: '0 18 * * *',
      timezone: 'Europe/Paris',
    });
  });

  it('reminds the confirmed registrants of the next Paris day’s trips once, not cancelled ones', async () => {
    // A far-off winter day (UTC+1), so no other file's trip departs on the day after.
    const { year } = uniqueRealSeason();
    t.clock.set(`${year}-03-10T17:00:00Z`); // 18:00 in Paris
    const antenna = await w.antenna();
    const dawn = await w.trip(antenna.id, {
      departureAt: new Date(`${year}-03-11T05:30:00Z`), // 06:30 in Paris
      place: 'Stade Louis-II, parvis',
    });
    const lateNight = await w.trip(antenna.id, {
      departureAt: new Date(`${year}-03-11T22:30:00Z`), // 23:30 in Paris, still that day
    });
    const cancelled = await w.trip(antenna.id, {
      departureAt: new Date(`${year}-03-11T06:00:00Z`),
    });
    const dayAfter = await w.trip(antenna.id, {
      departureAt: new Date(`${year}-03-12T05:30:00Z`),
    });
    const [a, waiting, night, c, d] = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t.db)),
    );
    await w.register(dawn, a!);
    await w.register(dawn, waiting!, 'ATTENTE');
    await w.register(lateNight, night!);
    await w.register(cancelled, c!);
    await w.register(dayAfter, d!);
    await w.cancel(cancelled);

    await run();
    await run();

    const [reminder] = await bell(a!);
    expect(reminder!.deplacement).toMatchObject({
      id: dawn.id,
      evenement: 'RAPPEL',
      depart_lieu: 'Stade Louis-II, parvis',
    });
    const sentence = T.reminder(antenna.name, '06:30', 'Stade Louis-II, parvis');
    const mail = await waitFor(
      () => sink.received.find((m) => m.to.includes(a!.email)),
      MAIL_WAIT_MS,
    );
    expect(mail.text).toContain(sentence);
    expect((await bell(night!)).map((n) => n.deplacement?.evenement)).toEqual(['RAPPEL']);
    // Two runs, one reminder each: one bell row, one mail.
    expect(await bell(a!)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.received.filter((m) => m.to.includes(a!.email))).toHaveLength(1);
    // Waiting, cancelled (told of the cancellation only) and the day after: no reminder.
    expect(await bell(waiting!)).toEqual([]);
    expect((await bell(c!)).map((n) => n.deplacement?.evenement)).toEqual(['ANNULATION']);
    expect(await bell(d!)).toEqual([]);
    const claimed = await t.db.trip.findMany({
      where: { id: { in: [dawn.id, lateNight.id, cancelled.id, dayAfter.id] } },
      orderBy: { id: 'asc' },
      select: { reminderSentAt: true },
    });
    expect(claimed.map((r) => r.reminderSentAt !== null)).toEqual([true, true, false, false]);

    // The next evening, the day after's trip is reminded.
    t.clock.set(`${year}-03-11T17:00:00Z`);
    await run();
    expect((await bell(d!)).map((n) => n.deplacement?.evenement)).toEqual(['RAPPEL']);
    expect(await bell(a!)).toHaveLength(1);
  }, 150_000);

  it('reminds again when the departure moves to another day after the reminder', async () => {
    const { year, season } = uniqueRealSeason();
    t.clock.set(`${year}-04-14T17:00:00Z`); // 19:00 in Paris (summer time)
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const match = await createMatch(t.db, {
      kickoffAt: new Date(`${year}-04-16T18:00:00Z`),
      season,
      matchday: 1,
    });
    const trip = await w.trip(antenna.id, {
      departureAt: new Date(`${year}-04-15T06:00:00Z`),
      matchId: match.id,
    });
    const member = await createUser(t.db);
    await w.register(trip, member);
    const reminders = async () =>
      (await bell(member)).filter((n) => n.deplacement?.evenement === 'RAPPEL');

    await run();
    expect(await reminders()).toHaveLength(1);

    // The coach now leaves the day after: its own eve should remind the member again.
    const moved = await w.edit(trip, organizer, {
      at: new Date(`${year}-04-16T08:00:00.000Z`),
      place: 'Place d’Armes, Monaco',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.set(`${year}-04-15T17:00:00Z`);
    await run();
    const [latest] = await reminders();
    expect(await reminders()).toHaveLength(2);
    expect(latest!.deplacement).toMatchObject({ depart_heure: `${year}-04-16T08:00:00.000Z` });
  }, 150_000);
});
