import { avatarUrl } from '../../lib/avatar-url.js';
import type { OwnProfile, PersonalData, UserProfile, UserSearchResult } from '@munegu/shared';
import type { ProfileRow } from './profiles.repository.js';

/** Only https links are offered to browsers (never javascript: or plain http). */
function httpsOrNull(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export const withoutPrefix = (departement: string) => departement.replace(/^FR-/i, '');

export function toProfile(row: ProfileRow, totalUsers: number): UserProfile {
  return {
    id: row.id,
    username: row.pseudo,
    profile_picture: avatarUrl(row.avatarFile, row.avatarVersion),
    note_covoiturage: row.noteCovoiturage === null ? null : Number(row.noteCovoiturage),
    departement: withoutPrefix(row.departement),
    poste: row.poste,
    antennes: row.antennas.map(({ antenna }) => ({
      id: antenna.id,
      nom: antenna.nom,
      categorie: antenna.categorie,
      lien: httpsOrNull(antenna.url),
    })),
    created_at: row.createdAt.toISOString(),
    description: row.description,
    // Sorted by the query already; sorted again so the rule does not depend on it.
    titres: row.titles
      .map(({ title }) => title)
      .sort((a, b) => b.importance - a.importance || a.libelle.localeCompare(b.libelle)),
    x_username: row.xUsername,
    insta_username: row.instaUsername,
    classement_prono: row.classementProno,
    totalUsers,
    pts_prono: row.ptsProno,
    role: { libelle: row.role },
  };
}

export function toOwnProfile(row: ProfileRow, totalUsers: number): OwnProfile {
  return { ...toProfile(row, totalUsers), email: row.email, prenom: row.prenom, nom: row.nom };
}

export function toPersonalData(
  row: {
    pseudo: string;
    nom: string;
    prenom: string;
    birthDate: Date;
    email: string;
    departement: string;
    notifMailAppli: boolean;
    notifMailPromo: boolean;
  },
  departementNom: string | null,
): PersonalData {
  return {
    username: row.pseudo,
    nom: row.nom,
    prenom: row.prenom,
    date_naissance: row.birthDate.toISOString().slice(0, 10),
    email: row.email,
    departement: row.departement,
    departement_nom: departementNom,
    notif_mail_appli: row.notifMailAppli,
    notif_mail_promo: row.notifMailPromo,
  };
}

export function toSearchResult(row: {
  id: number;
  pseudo: string;
  avatarFile: string | null;
  avatarVersion: number;
}): UserSearchResult {
  return {
    id: row.id,
    username: row.pseudo,
    profile_picture: avatarUrl(row.avatarFile, row.avatarVersion),
  };
}
