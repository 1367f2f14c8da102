import { TZDate } from '@date-fns/tz';

/** Europe/Paris, the time zone every French date shown to members is written in. */
const LONG = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'samedi 28 novembre à 20:45' for mails. */
export function formatParisLong(date: Date): string {
  return LONG.format(date);
}

/**
 * The instant a Paris day begins: 'YYYY-MM-DD' → its midnight in Europe/Paris (23:00 or 22:00
 * UTC the day before, by the season). `addDays` moves to a later day first (1: the next one).
 */
export function parisDayStart(day: string, addDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + addDays));
  return new Date(
    new TZDate(
      shifted.getUTCFullYear(),
      shifted.getUTCMonth(),
      shifted.getUTCDate(),
      0,
      0,
      'Europe/Paris',
    ).getTime(),
  );
}

/** The calendar day of `date` in Europe/Paris, 'YYYY-MM-DD' (parisDayStart's input). */
export function parisDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
