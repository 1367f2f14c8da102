import { format, subDays } from 'date-fns';
import { fr } from 'date-fns/locale';
import { TZDate, tz } from '@date-fns/tz';

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

function fmt(value: string | number | Date, pattern: string, zone: Zone = PARIS_ZONE): string {
  const date = parseServerDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return zone
    ? format(date, pattern, { in: tz(zone), locale: fr })
    : format(date, pattern, { locale: fr });
}

/** 'dd/MM' */
export const formatDayMonth = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, 'dd/MM', zone);
/** 'dd/MM/yyyy' */
export const formatDate = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, 'dd/MM/yyyy', zone);
/** 'dd/MM/yy' (prediction game banner) */
export const formatShortDate = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, 'dd/MM/yy', zone);
/** 'HH:mm' */
export const formatTime = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, 'HH:mm', zone);
/** 'samedi 18 octobre 2025' */
export const formatLongDate = (value: string | number | Date, zone: Zone = PARIS_ZONE) =>
  fmt(value, 'EEEE d MMMM yyyy', zone);

function dayKey(date: Date, zone: string): string {
  return format(date, 'yyyy-MM-dd', { in: tz(zone) });
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
  if (key === dayKey(now, zone)) return time;
  if (key === dayKey(subDays(new TZDate(now.getTime(), zone), 1), zone)) return `Hier ${time}`;
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
export const formatMonthYear = (value: string | number | Date) => fmt(value, 'MMMM yyyy');

/** 'Membre depuis mars 2024' */
export function formatMemberSince(value: string | number | Date): string {
  const label = formatMonthYear(value);
  return label ? `Membre depuis ${label}` : '';
}
