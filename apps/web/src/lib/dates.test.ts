import { describe, expect, it, onTestFinished } from 'vitest';
import {
  parisInputToIso,
  toParisInput,
  LOCAL_ZONE,
  formatDate,
  formatDayMonth,
  formatLongDate,
  formatMemberSince,
  formatMessageTime,
  formatShortDate,
  formatTime,
  matchKickoff,
  parseServerDate,
  splitCountdown,
} from './dates';

describe('parseServerDate', () => {
  it('reads a time without zone as UTC', () => {
    expect(parseServerDate('2025-10-18T19:00:00').toISOString()).toBe('2025-10-18T19:00:00.000Z');
    expect(parseServerDate('2025-10-18 19:00:00').toISOString()).toBe('2025-10-18T19:00:00.000Z');
  });
  it('keeps an explicit zone', () => {
    expect(parseServerDate('2025-10-18T21:00:00+02:00').toISOString()).toBe(
      '2025-10-18T19:00:00.000Z',
    );
  });
  it('builds a kickoff from a bare day and a UTC hour', () => {
    expect(matchKickoff('2025-10-18', '19:00').toISOString()).toBe('2025-10-18T19:00:00.000Z');
    expect(matchKickoff('2025-10-18T19:00:00.000Z', '23:59').toISOString()).toBe(
      '2025-10-18T19:00:00.000Z',
    );
  });
});

describe('formats in Europe/Paris', () => {
  it('gives dd/mm, dd/mm/yyyy and dd/mm/yy', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Paris.
    expect(formatDayMonth('2024-12-31T23:30:00')).toBe('01/01');
    expect(formatDate('2024-12-31T23:30:00')).toBe('01/01/2025');
    expect(formatShortDate('2024-12-31T23:30:00')).toBe('01/01/25');
  });
  it('follows the spring DST change (UTC+1 → UTC+2 at 01:00 UTC on 30/03/2025)', () => {
    expect(formatTime('2025-03-30T00:30:00')).toBe('01:30');
    expect(formatTime('2025-03-30T01:30:00')).toBe('03:30');
  });
  it('follows the autumn DST change (UTC+2 → UTC+1 at 01:00 UTC on 26/10/2025)', () => {
    expect(formatTime('2025-10-26T00:30:00')).toBe('02:30');
    expect(formatTime('2025-10-26T01:30:00')).toBe('02:30');
  });
  it('spells the long date and the month in French, day without a leading zero', () => {
    expect(formatLongDate('2025-10-18T19:00:00')).toBe('samedi 18 octobre 2025');
    // 23:30 UTC on 31 Oct is 00:30 on 1 Nov in Paris.
    expect(formatLongDate('2025-10-31T23:30:00')).toBe('samedi 1 novembre 2025');
    expect(formatMemberSince('2024-02-29T23:30:00')).toBe('Membre depuis mars 2024');
    expect(formatDate('not a date')).toBe('');
  });
  it('can format in the browser zone or another zone', () => {
    expect(formatTime('2025-10-18T19:00:00', 'America/New_York')).toBe('15:00');
    const kickoff = new Date('2025-10-18T19:00:00Z');
    expect(formatTime(kickoff, LOCAL_ZONE)).toBe(
      `${String(kickoff.getHours()).padStart(2, '0')}:${String(kickoff.getMinutes()).padStart(2, '0')}`,
    );
  });
});

describe('the parts are read without Intl, as Intl gives them', () => {
  const intl = (zone?: string) =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  // formatLongDate + formatTime carry every part: weekday, day, month, year, hour, minute.
  const ours = (time: number, zone: string) =>
    `${formatLongDate(time, zone)} ${formatTime(time, zone)}`;
  const theirs = (format: Intl.DateTimeFormat, time: number) => {
    const p = Object.fromEntries(format.formatToParts(time).map((x) => [x.type, x.value]));
    return `${p.weekday} ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}`;
  };

  it('in Paris, every hour from 1996 to 2040 (each summer time change included)', () => {
    const paris = intl('Europe/Paris');
    const differences: string[] = [];
    // 37 minutes past, so a minute-exact offset error shows too.
    for (let t = Date.UTC(1996, 0, 1, 0, 37); t < Date.UTC(2040, 0, 1); t += 3_600_000)
      if (ours(t, 'Europe/Paris') !== theirs(paris, t))
        differences.push(`${new Date(t).toISOString()}: ${ours(t, 'Europe/Paris')}`);
    expect(differences).toEqual([]);
  });

  it('in the browser’s zone (here New York’s), every six hours over ten years', () => {
    // Neither Paris's nor UTC (the machine's): the browser's zone must be the one shown.
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    onTestFinished(() => {
      process.env.TZ = saved;
    });
    const local = intl();
    expect(local.resolvedOptions().timeZone).toBe('America/New_York');
    expect(formatTime('2025-10-18T19:00:00Z', LOCAL_ZONE)).toBe('15:00');
    for (let t = Date.UTC(2020, 0, 1, 0, 13); t < Date.UTC(2030, 0, 1); t += 6 * 3_600_000)
      expect(ours(t, LOCAL_ZONE)).toBe(theirs(local, t));
  });
});

describe('formatMessageTime', () => {
  const now = new Date('2025-03-30T10:00:00Z'); // 12:00 in Paris, the DST day

  it("shows 'HH:mm' today", () => {
    expect(formatMessageTime('2025-03-30T08:15:00', now)).toBe('10:15');
  });
  it("shows 'Hier HH:mm' yesterday, across the DST boundary", () => {
    // 23:30 UTC on 29/03 is 00:30 Paris on 30/03 → today; 22:30 UTC is 23:30 Paris on 29/03 → yesterday.
    expect(formatMessageTime('2025-03-29T23:30:00', now)).toBe('00:30');
    expect(formatMessageTime('2025-03-29T22:30:00', now)).toBe('Hier 23:30');
  });
  it("shows 'dd/MM HH:mm' before that", () => {
    expect(formatMessageTime('2025-03-28T22:30:00', now)).toBe('28/03 23:30');
  });
});

describe('splitCountdown', () => {
  it('splits into two-digit parts', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(splitCountdown(ms)).toEqual({ days: '02', hours: '03', minutes: '04', seconds: '05' });
  });
  it('never goes below zero', () => {
    expect(splitCountdown(-5000)).toEqual({
      days: '00',
      hours: '00',
      minutes: '00',
      seconds: '00',
    });
  });
  it('counts real elapsed time over a DST change', () => {
    const from = new Date('2025-03-29T12:00:00Z').getTime();
    const to = new Date('2025-03-30T12:00:00Z').getTime();
    expect(splitCountdown(to - from)).toEqual({
      days: '01',
      hours: '00',
      minutes: '00',
      seconds: '00',
    });
  });
});

describe('formatMemberSince', () => {
  it('gives the French month and year', () => {
    expect(formatMemberSince('2024-03-15T10:00:00Z')).toBe('Membre depuis mars 2024');
    expect(formatMemberSince('2024-07-31T23:30:00Z')).toBe('Membre depuis août 2024');
  });
});

describe('Paris datetime-local values', () => {
  it('reads the typed time as Paris time, in winter and in summer', () => {
    expect(parisInputToIso('2026-12-05T06:00')).toBe('2026-12-05T05:00:00.000Z');
    expect(parisInputToIso('2026-07-05T06:00')).toBe('2026-07-05T04:00:00.000Z');
    // The morning after the switch to winter time (last Sunday of October 2026 is the 25th).
    expect(parisInputToIso('2026-10-25T06:00')).toBe('2026-10-25T05:00:00.000Z');
    expect(parisInputToIso('2026-02-30T06:00')).toBe('');
    expect(parisInputToIso('')).toBe('');
  });

  it('shows an instant back as the Paris time it was typed as', () => {
    expect(toParisInput('2026-12-05T05:00:00.000Z')).toBe('2026-12-05T06:00');
    expect(toParisInput(parisInputToIso('2026-03-29T09:30'))).toBe('2026-03-29T09:30');
  });
});
