/**
 * A hand-written iCalendar (RFC 5545) file for one match: a few fixed properties did not
 * justify a dependency, and the three rules that matter are applied here — CRLF line ends,
 * TEXT escaping (\\ ; , and newlines) and folding of lines longer than 75 octets.
 */

/** Assumed duration of a match slot in calendars (kickoff to final whistle and stoppage). */
const MATCH_DURATION_MS = 2 * 3_600_000;

export interface CalendarMatch {
  id: number;
  kickoffAt: Date;
  matchday: number;
  hashtag: string | null;
  home: { name: string; stadiumName: string; city: string };
  away: { name: string };
}

/** RFC 5545 TEXT escaping. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts in their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20260815T190000Z */
const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function matchCalendar(match: CalendarMatch, now: Date, uidDomain: string): string {
  const description = [`Journée ${match.matchday}`, match.hashtag].filter(Boolean).join(' – ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Munegu//Matchs//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:match-${match.id}@${uidDomain}`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(match.kickoffAt)}`,
    `DTEND:${icsDate(new Date(match.kickoffAt.getTime() + MATCH_DURATION_MS))}`,
    `SUMMARY:${escapeIcsText(`${match.home.name} – ${match.away.name}`)}`,
    `LOCATION:${escapeIcsText(`${match.home.stadiumName}, ${match.home.city}`)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
