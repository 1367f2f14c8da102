import type { Registrant } from '@munegu/shared';

/** The banner of the boarding list while the device has no network. */
export const OFFLINE_TICKS = 'Hors ligne : les pointages seront envoyés au retour du réseau';

export type Row = Registrant & { pending: boolean };

/** 'Prénom Nom (pseudo)': how the list names a registrant. */
export const fullName = (r: Registrant) => `${r.prenom} ${r.nom}`.trim() || r.username;

/** Confirmed seats, and those of the confirmed registrations ticked present. */
export function presentCount(rows: readonly Row[]): { present: number; seats: number } {
  const confirmed = rows.filter((r) => r.statut === 'CONFIRME');
  const sum = (list: Row[]) => list.reduce((n, r) => n + r.nb_places, 0);
  return { present: sum(confirmed.filter((r) => r.present)), seats: sum(confirmed) };
}

/** Lower case without accents, so 'eloise' finds 'Éloïse'. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The rows whose pseudo, first or last name contains every word typed. */
export function searchRows(rows: readonly Row[], term: string): Row[] {
  const words = fold(term).split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    const text = fold(`${r.username} ${r.prenom} ${r.nom}`);
    return words.every((w) => text.includes(w));
  });
}
