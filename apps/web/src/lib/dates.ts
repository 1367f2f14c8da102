/**
 * Date helpers of spec section 9. The server sends instants; a time without a zone is UTC.
 * Everything is displayed in Europe/Paris, except the match block's kickoff which follows the
 * browser's zone (pass `LOCAL_ZONE`).
 */
export const PARIS_ZONE = 'Europe/Paris';
/** Marker for "the browser's own time zone". */
export const LOCAL_ZONE = undefined;
export type Zone = string | undefined;

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Parses a server date; strings without a time zone are read as UTC. */
export function parseServerDate(value: string | number | Date): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'number') return new Date(value);
  const trimmed = value.trim().replace(' ', 'T');
  if (DATE_ONLY.test(trimmed)) return new Date(`${trimmed}T00:00:00Z`);
  return new Date(HAS_ZONE.test(trimmed) ? trimmed : `${trimmed}Z`);
}

/**
 * Kickoff instant of a match: `date` may be a full instant, or a bare day completed by
 * `heure` ('HH:mm', UTC).
 */
export function matchKickoff(date: string, heure?: string | null): Date {
  const trimmed = date.trim();
  if (DATE_ONLY.test(trimmed) && heure && /^\d{2}:\d{2}/.test(heure)) {
    return parseServerDate(`${trimmed}T${heure.slice(0, 5)}:00`);
  }
  return parseServerDate(trimmed);
}

/*
 * Formatting uses the browser's own Intl (French names, time zones) rather than a date library:
 * these helpers run on every page's first paint, and Intl costs no download or parsing.
 */
type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'weekday';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of `date` in `zone` (undefined: the browser's), in French, cached per zone. */
function partsOf(date: Date, zone: Zone): Record<Part, string> {
  const key = zone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('fr-FR', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    });
    formatters.set(key, f);
  }
  const out = {} as Record<Part, string>;
  for (const p of f.formatToParts(date)) if (p.type in PART_TYPES) out[p.type as Part] = p.value;
  return out;
}
const PART_TYPES = { year: 1, month: 1, day: 1, hour: 1, minute: 1, weekday: 1 };

/**
 * Makes the two formatters every page uses (Paris and the browser's zone), each in a task of
 * its own when the browser is idle, and formats once with each. The first use of Intl with a
 * time zone loads its data: about 20 ms of a phone's main thread for both (80 ms measured under
 * 4x CPU throttling) that would otherwise land in the task rendering the page's data; one task
 * for both was a long task of its own, delaying whatever came next (a page's first paint).
 */
export function warmDateFormats(): void {
  const later = (work: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(work, { timeout: 1000 })
      : window.setTimeout(work);
  for (const zone of [PARIS_ZONE, LOCAL_ZONE]) later(() => partsOf(new Date(), zone));
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** `build` from the parts of a server date in `zone`; '' for an invalid date. */
function fmt(
  value: string | number | Date,
  build: (p: Record<Part, string>) => string,
  zone: Zone = PARIS_ZONE,
): string {
  const date = parseServerDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return build(partsOf(date, zone));
}
const monthName = (p: Record<Part, string>) => MONTHS[Number(p.month) - 1] ?? '';

/** 'dd/MM' */
export const formatDayMonth = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, (p) => `${p.day}/${p.month}`, zone);
/** 'dd/MM/yyyy' */
export const formatDate = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, (p) => `${p.day}/${p.month}/${p.year}`, zone);
/** 'dd/MM/yy' (prediction game banner) */
export const formatShortDate = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, (p) => `${p.day}/${p.month}/${p.year.slice(-2)}`, zone);
/** 'HH:mm' */
export const formatTime = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, (p) => `${p.hour}:${p.minute}`, zone);
/** 'samedi 18 octobre 2025' */
export const formatLongDate = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, (p) => `${p.weekday} ${Number(p.day)} ${monthName(p)} ${p.year}`, zone);

/** The calendar day of `date` in `zone`, as 'yyyy-MM-dd'. */
function dayKey(date: Date, zone: string): string {
  const p = partsOf(date, zone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The calendar day before 'yyyy-MM-dd' (calendar arithmetic: no daylight-saving surprise). */
function dayBefore(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** Message times: 'HH:mm' today, 'Hier HH:mm' yesterday, otherwise 'dd/MM HH:mm'. */
export function formatMessageTime(
  value: string | number | Date,
  now: Date = new Date(),
  zone: string = PARIS_ZONE,
): string {
  const date = parseServerDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const time = formatTime(date, zone);
  const key = dayKey(date, zone);
  const today = dayKey(now, zone);
  if (key === today) return time;
  if (key === dayBefore(today)) return `Hier ${time}`;
  return `${formatDayMonth(date, zone)} ${time}`;
}

export type CountdownParts = { days: string; hours: string; minutes: string; seconds: string };

const two = (n: number) => String(n).padStart(2, '0');

/** Splits a remaining duration into two-digit days:hours:minutes:seconds (never negative). */
export function splitCountdown(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: two(Math.floor(total / 86_400)),
    hours: two(Math.floor((total % 86_400) / 3_600)),
    minutes: two(Math.floor((total % 3_600) / 60)),
    seconds: two(total % 60),
  };
}

/** 'mars 2024' (French month and year, Paris time). */
export const formatMonthYear = (value: string | number | Date) =>
  fmt(value, (p) => `${monthName(p)} ${p.year}`);

/** 'Membre depuis mars 2024' */
export function formatMemberSince(value: string | number | Date): string {
  const label = formatMonthYear(value);
  return label ? `Membre depuis ${label}` : '';
}
