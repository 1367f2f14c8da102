import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createClub, createMatch, uniqueRealSeason } from '../../../test/helpers/factories.js';
import { escapeIcsText, foldLine } from './calendar.js';

describe('match calendar (.ics)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('escapes TEXT values and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(
      `DESCRIPTION:${'é'.repeat(100)}`,
    );
  });

  it('serves a VEVENT with UTC times, summary, location and description', async () => {
    const { season } = uniqueRealSeason();
    const home = await createClub(t.db, {
      name: `AS Monaco ${Math.random().toString(36).slice(2, 6)}`,
      city: 'Monaco',
    });
    const away = await createClub(t.db, {
      name: `FC Nantes ${Math.random().toString(36).slice(2, 6)}`,
    });
    const match = await createMatch(t.db, {
      season,
      matchday: 12,
      kickoffAt: new Date('2026-11-28T20:00:00Z'),
      homeClubId: home.id,
      awayClubId: away.id,
    });
    t.clock.set('2026-11-01T08:30:15Z');
    const res = await t.app.inject({ method: 'GET', url: `/api/matchs/${match.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toContain('\n');
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines.find((l) => l.startsWith('UID:'))).toMatch(
      new RegExp(`^UID:match-${match.id}@[a-z0-9.-]+$`),
    );
    expect(lines).toContain('DTSTAMP:20261101T083015Z');
    expect(lines).toContain('DTSTART:20261128T200000Z');
    expect(lines).toContain('DTEND:20261128T220000Z');
    expect(lines).toContain(`SUMMARY:${home.name} – ${away.name}`);
    expect(lines).toContain(`LOCATION:${home.stadiumName}\\, Monaco`);
    expect(lines).toContain('DESCRIPTION:Journée 12 – #TEST');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/matchs/999999999/calendar.ics',
    });
    expect(missing.statusCode).toBe(404);
  });
});
