/**
 * Date helpers of spec section 9. The server sends instants; a time without a zone is UTC.
 * Everything is displayed in Europe/Paris, except the match block's kickoff which follows the
 * browser's zone (pass `LOCAL_ZONE`).
 */
export const PARIS_ZONE = 'Europe/Paris';
/**
 * Marker for "the browser's own time zone". Not `undefined`: the formatters' zone parameter
 * defaults to Paris, and an `undefined` argument takes the default (the kickoff was shown in
 * Paris time whatever the browser's zone).
 */
export const LOCAL_ZONE = 'local';
/** An IANA zone name, or LOCAL_ZONE. */
export type Zone = string;

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
 * Formatting reads the parts of a date without Intl for the two zones the app shows: the
 * browser's own (the Date getters) and Paris (its offset from the EU rule below). The first use
 * of Intl in a page starts ICU, whatever the locale, zone or kind of formatter, inside the
 * task painting each page's first dates (the home page's kickoff, news, rankings): a phone's
 * CPU feels it (docs/PERFORMANCE.md). Names (months,
 * weekdays) are the app's own French lists. Any other zone goes through Intl.
 */
type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'weekday';
const two = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`. */
function lastSundayOneAmUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY_MS;
}

/**
 * Paris's offset from UTC at `time` (ms): one hour, two in summer time, which runs from the last
 * Sunday of March to the last Sunday of October at 01:00 UTC (the EU's rule, Paris's since
 * 1996). dates.test.ts checks it against Intl's time zone data hour by hour over decades.
 */
function parisOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  const summer = time >= lastSundayOneAmUtc(year, 2) && time < lastSundayOneAmUtc(year, 9);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const PART_TYPES = { year: 1, month: 1, day: 1, hour: 1, minute: 1, weekday: 1 };

/** The parts of the instant `shifted` (ms) read as UTC: a zone's wall clock once shifted. */
function utcParts(shifted: number): Record<Part, string> {
  const d = new Date(shifted);
  return {
    year: String(d.getUTCFullYear()),
    month: two(d.getUTCMonth() + 1),
    day: two(d.getUTCDate()),
    hour: two(d.getUTCHours()),
    minute: two(d.getUTCMinutes()),
    weekday: WEEKDAYS[d.getUTCDay()]!,
  };
}

/** The parts of `date` in `zone`, in French. */
function partsOf(date: Date, zone: Zone): Record<Part, string> {
  const time = date.getTime();
  // getTimezoneOffset: minutes from the browser's wall clock to UTC at that instant.
  if (zone === LOCAL_ZONE) return utcParts(time - date.getTimezoneOffset() * 60_000);
  if (zone === PARIS_ZONE) return utcParts(time + parisOffsetMs(time));
  let f = formatters.get(zone);
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
    formatters.set(zone, f);
  }
  const out = {} as Record<Part, string>;
  for (const p of f.formatToParts(date)) if (p.type in PART_TYPES) out[p.type as Part] = p.value;
  return out;
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

/** 'YYYY-MM-DDTHH:mm' as a datetime-local input shows it, in Paris time ('' for an invalid date). */
export function toParisInput(value: string | number | Date): string {
  return fmt(value, (p) => `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`);
}

/**
 * A datetime-local value typed as Paris wall-clock time → the ISO instant the API takes; ''
 * when it is not one. The offset is read twice: the first guess may sit on the other side of
 * a daylight-saving change than the instant it names.
 */
export function parisInputToIso(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return '';
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(wall).getUTCDate() !== d) return '';
  const first = wall - parisOffsetMs(wall);
  return new Date(wall - parisOffsetMs(first)).toISOString();
}
