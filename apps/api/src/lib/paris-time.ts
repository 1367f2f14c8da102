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
