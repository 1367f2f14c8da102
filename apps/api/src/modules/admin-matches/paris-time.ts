import { TZDate } from '@date-fns/tz';

const ZONE = 'Europe/Paris';

/**
 * 'YYYY-MM-DDTHH:mm' as an operator types it (Paris wall-clock time) → the UTC instant stored.
 * @date-fns/tz applies the right offset for the date (+01:00 in winter, +02:00 in summer).
 */
export function parisToUtc(local: string): Date {
  const [date, time] = local.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, ZONE).getTime());
}

/** The stored UTC instant → 'YYYY-MM-DDTHH:mm' in Paris (what the edit form shows). */
export function utcToParis(instant: Date): string {
  const t = new TZDate(instant.getTime(), ZONE);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}`;
}

/** True when the local time exists and reads back identically (rejects 31/02 and DST gaps). */
export function isValidParisTime(local: string): boolean {
  return utcToParis(parisToUtc(local)) === local;
}
