// Dates and times as Monaco reads them (Europe/Paris), written the French way. Their own module,
// so that a text needing an hour (a coach trip's reminder) does not bring the journal's sentences
// along. (The API's lib/paris-time.ts computes Paris days: 'YYYY-MM-DD' and their midnights.)

let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;
const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** '12/09/2026' in Paris. */
export function formatParisDay(value: string | Date): string {
  dayFormat ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return dayFormat.format(asDate(value));
}

/** '20:45' in Paris. */
export function formatParisTime(value: string | Date): string {
  timeFormat ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
  });
  return timeFormat.format(asDate(value));
}
