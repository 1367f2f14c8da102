import { describe, expect, it } from 'vitest';
import { TRIP_TEXTS, tripNoticeText, tripTimesFitKickoff } from './trip-texts.js';

/** What a moved kickoff's notification says, read against the coach's times as they are now. */
describe('a moved kickoff on a coach', () => {
  const trip = {
    antenne: 'Nice',
    depart_heure: '2027-01-02T11:45:00.000Z',
    depart_lieu: 'Gare de Nice-Ville',
    retour_heure: '2027-01-02T23:30:00.000Z',
  };

  it('fits when the coach leaves before the kickoff and comes back after it', () => {
    expect(tripTimesFitKickoff(trip, '2027-01-02T20:00:00.000Z')).toBe(true);
    expect(tripTimesFitKickoff({ ...trip, retour_heure: null }, '2027-01-03T20:00:00Z')).toBe(true);
    // Leaving at the kickoff itself is too late, as creating a trip says.
    expect(tripTimesFitKickoff(trip, trip.depart_heure)).toBe(false);
    expect(tripTimesFitKickoff(trip, '2027-01-02T10:00:00.000Z')).toBe(false);
    // Back before the match is over the line too.
    expect(tripTimesFitKickoff(trip, '2027-01-03T00:00:00.000Z')).toBe(false);
  });

  it('says the new kickoff and the departure, or that the times are to be changed', () => {
    expect(tripNoticeText('HORAIRE', { ...trip, coup_envoi: '2027-01-02T20:00:00.000Z' })).toBe(
      TRIP_TEXTS.kickoffMoved(
        'Nice',
        '02/01/2027 à 21:00',
        '02/01/2027 à 12:45',
        'Gare de Nice-Ville',
      ),
    );
    expect(tripNoticeText('HORAIRE', { ...trip, coup_envoi: '2027-01-02T10:00:00.000Z' })).toBe(
      "Nouvel horaire du match : coup d'envoi le 02/01/2027 à 11:00. Les horaires du car de Nice sont à revoir : les organisateurs vont les changer.",
    );
    expect(tripNoticeText('HORAIRE', trip)).toBe(TRIP_TEXTS.kickoffMovedUnknown('Nice'));
  });
});

describe('a coach’s new departure', () => {
  it('says the departure, and the return when there is one', () => {
    const trip = {
      antenne: 'Nice',
      depart_heure: '2031-05-10T07:30:00.000Z',
      depart_lieu: 'Gare de Menton',
    };
    expect(tripNoticeText('DEPART_MODIFIE', { ...trip, retour_heure: null })).toBe(
      'Nouveau départ pour le car de Nice : le 10/05/2031 à 09:30, Gare de Menton.',
    );
    expect(
      tripNoticeText('DEPART_MODIFIE', { ...trip, retour_heure: '2031-05-11T01:00:00.000Z' }),
    ).toBe(
      'Nouveau départ pour le car de Nice : le 10/05/2031 à 09:30, Gare de Menton. Retour prévu le 11/05/2031 à 03:00.',
    );
  });
});
