import { TRIP_TEXTS as T } from '@munegu/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers/factories.js';
import { waitFor } from '../../../../test/helpers/smtp-sink.js';
import { notificationTab, until, type Client } from '../../../../test/helpers/sockets.js';
import { bellOf, MAIL_WAIT_MS, useMailingTrips } from '../../../../test/helpers/trip-notify.js';
import { transactionRunner } from '../../../db/tx.js';

/**
 * What a coach trip's registrant is told (issue 30): promoted from the waiting list, or their
 * trip cancelled. A bell row, the live event on every open tab, and a mail through the outbox
 * to a real SMTP server for members who want the app's mails; nothing when the change rolls
 * back.
 */
const { sink, bus, t, w, server } = useMailingTrips({ listen: true });
const clients: Client[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

const tab = (user: { id: number }) => notificationTab(t, server.url, clients, user);

const bell = (user: { id: number }) => bellOf(t, user);

const outbox = (email: string) =>
  t.db.mailOutbox.findMany({ where: { to: email, kind: 'trip-notification' } });

describe('trip notifications', { timeout: 120_000 }, () => {
  it('tells a promoted member: bell row, live event, and a mail when they want the app’s mails', async () => {
    const antenna = await w.antenna();
    const trip = await w.trip(antenna.id, { place: 'Gare de Nice-Ville' });
    const [first, promoted, optedOut] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db, { appMailOptIn: false }),
    ];
    const [promotedTab, optedOutTab, firstTab] = [
      await tab(promoted),
      await tab(optedOut),
      await tab(first),
    ];
    await w.register(trip, first);
    await w.register(trip, promoted, 'ATTENTE');
    await w.register(trip, optedOut, 'ATTENTE');
    // Registering tells nobody anything.
    expect(await bell(first)).toEqual([]);

    await w.withdraw(trip, first);
    await w.promote(trip, promoted);
    await w.promote(trip, optedOut);

    await until(() => promotedTab.length === 1 && optedOutTab.length === 1, 3000);
    expect(promotedTab[0]).toEqual({
      id: expect.any(Number),
      type: 'DEPLACEMENT',
      matchId: trip.matchId,
    });
    const [row] = await bell(promoted);
    expect(row).toMatchObject({
      id: promotedTab[0]!.id,
      type_notification: 'DEPLACEMENT',
      match_id: trip.matchId,
      read: false,
      match: { id: trip.matchId },
      deplacement: {
        id: trip.id,
        antenne: antenna.name,
        evenement: 'PLACE_LIBEREE',
        depart_lieu: 'Gare de Nice-Ville',
        groupe_id: expect.any(Number),
      },
    });
    const mail = await waitFor(
      () => sink.received.find((m) => m.to.includes(promoted.email)),
      MAIL_WAIT_MS,
    );
    expect(mail.subject).toBe(`Munegu : ${T.promoted(antenna.name)}`);
    expect(mail.text).toContain(`Bonjour ${promoted.username},`);
    expect(mail.text).toContain(T.promoted(antenna.name));
    expect(mail.text).toMatch(/\/stop-notif\/\S+/);

    // The opted-out member has the bell and the live event, never a mail.
    expect((await bell(optedOut))[0]!.deplacement?.evenement).toBe('PLACE_LIBEREE');
    expect(await outbox(optedOut.email)).toEqual([]);
    expect(await outbox(promoted.email)).toHaveLength(1);
    // The member who withdrew was told nothing.
    expect(firstTab).toEqual([]);
    expect(await bell(first)).toEqual([]);
  });

  it('tells every registrant of a cancelled trip, confirmed or waiting, and nobody else', async () => {
    const antenna = await w.antenna();
    const trip = await w.trip(antenna.id);
    const other = await w.trip(antenna.id);
    const [confirmed, waiting, elsewhere] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await w.register(trip, confirmed);
    await w.register(trip, waiting, 'ATTENTE');
    await w.register(other, elsewhere);
    const tabs = [await tab(confirmed), await tab(waiting)];

    await w.cancel(trip);

    await until(() => tabs.every((got) => got.length === 1), 3000);
    for (const member of [confirmed, waiting]) {
      const [row] = await bell(member);
      expect(row!.deplacement).toMatchObject({ id: trip.id, evenement: 'ANNULATION' });
      const mail = await waitFor(
        () => sink.received.find((m) => m.to.includes(member.email)),
        MAIL_WAIT_MS,
      );
      expect(mail.text).toContain(T.tripCancelledNotice(antenna.name));
    }
    expect(await bell(elsewhere)).toEqual([]);
  });

  it('tells nothing when the change rolls back', async () => {
    const antenna = await w.antenna();
    const trip = await w.trip(antenna.id);
    const member = await createUser(t.db);
    await w.register(trip, member, 'ATTENTE');
    const got = await tab(member);
    await expect(
      transactionRunner(t.db)(async (tx) => {
        await bus.emit('tripRegistrationChanged', {
          tx,
          tripId: trip.id,
          matchId: trip.matchId,
          antennaId: trip.antennaId,
          userId: member.id,
          from: 'ATTENTE',
          to: 'CONFIRME',
          cause: 'promotion',
        });
        throw new Error('the promotion failed after its event');
      }),
    ).rejects.toThrow('the promotion failed');
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([]);
    expect(await bell(member)).toEqual([]);
    expect(await outbox(member.email)).toEqual([]);
  });
});
