import { formatParisDay, formatParisTime, type Registrant } from '@munegu/shared';
import { parisDay } from '../../lib/paris-time.js';

/**
 * The boarding list as a spreadsheet: what French Excel opens as it is — UTF-8 with a BOM,
 * ';' between cells, CRLF line ends — with RFC 4180 quoting (a cell holding ';', '"', CR or
 * LF is quoted, its quotes doubled). A cell a spreadsheet would run as a formula (starting
 * with = + - @) gets a leading apostrophe: names and phones are the members' own words.
 */
const SEP = ';';
const EOL = '\r\n';
export const BOM = '\uFEFF';

const HEADER = [
  'Statut',
  'Position attente',
  'Pseudo',
  'Prénom',
  'Nom',
  'Téléphone',
  'Places',
  'Payé',
  'Présent',
  'Inscrit le',
];

export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const yesNo = (v: boolean) => (v ? 'oui' : 'non');
/** 'dd/mm/yyyy HH:MM', Paris time. */
const parisDateTime = (iso: string) => `${formatParisDay(iso)} ${formatParisTime(iso)}`;

export function registrantsCsv(rows: Registrant[]): string {
  const lines = [
    HEADER,
    ...rows.map((r) => [
      r.statut === 'CONFIRME' ? 'Confirmé' : 'Attente',
      r.position_attente === null ? '' : String(r.position_attente),
      r.username,
      r.prenom,
      r.nom,
      r.telephone ?? '',
      String(r.nb_places),
      yesNo(r.paye),
      yesNo(r.present),
      parisDateTime(r.inscrit_le),
    ]),
  ];
  return BOM + lines.map((cells) => cells.map(csvCell).join(SEP)).join(EOL) + EOL;
}

/** 'car-<antenne>-<yyyy-mm-dd>.csv', ASCII only (accents dropped, the rest dashed). */
export function csvFileName(antenna: string, departure: Date): string {
  const slug =
    antenna
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'antenne';
  return `car-${slug}-${parisDay(departure)}.csv`;
}
