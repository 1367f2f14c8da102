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

export const withoutPrefix = (department: string) => department.replace(/^FR-/i, '');

export function toProfile(row: ProfileRow, totalUsers: number): UserProfile {
  return {
    id: row.id,
    username: row.username,
    profile_picture: avatarUrl(row.avatarFile, row.avatarVersion),
    note_covoiturage: row.carpoolRating === null ? null : Number(row.carpoolRating),
    departement: withoutPrefix(row.department),
    poste: row.position,
    antennes: row.antennas.map(({ antenna }) => ({
      id: antenna.id,
      nom: antenna.name,
      categorie: antenna.category,
      lien: httpsOrNull(antenna.url),
    })),
    created_at: row.createdAt.toISOString(),
    description: row.description,
    // Sorted by the query already; sorted again so the rule does not depend on it.
    titres: row.titles
      .map(({ title }) => ({
        libelle: title.label,
        couleur: title.color,
        importance: title.importance,
      }))
      .sort((a, b) => b.importance - a.importance || a.libelle.localeCompare(b.libelle)),
    x_username: row.xUsername,
    insta_username: row.instaUsername,
    classement_prono: row.predictionRank,
    totalUsers,
    pts_prono: row.predictionPoints,
    role: { libelle: row.role },
  };
}

export function toOwnProfile(
  row: ProfileRow,
  totalUsers: number,
  organized: { id: number; name: string }[],
  now: Date,
): OwnProfile {
  const silenced = row.silencedUntil !== null && row.silencedUntil > now;
  return {
    ...toProfile(row, totalUsers),
    email: row.email,
    prenom: row.firstName,
    nom: row.lastName,
    antennes_organisees: organized.map((a) => ({ id: a.id, nom: a.name })),
    silence: silenced
      ? { until: row.silencedUntil!.toISOString(), reason: row.silenceReason }
      : null,
  };
}

export function toPersonalData(
  row: {
    username: string;
    lastName: string;
    firstName: string;
    birthDate: Date;
    email: string;
    department: string;
    appMailOptIn: boolean;
    promoMailOptIn: boolean;
  },
  departementNom: string | null,
): PersonalData {
  return {
    username: row.username,
    nom: row.lastName,
    prenom: row.firstName,
    date_naissance: row.birthDate.toISOString().slice(0, 10),
    email: row.email,
    departement: row.department,
    departement_nom: departementNom,
    notif_mail_appli: row.appMailOptIn,
    notif_mail_promo: row.promoMailOptIn,
  };
}

export function toSearchResult(row: {
  id: number;
  username: string;
  avatarFile: string | null;
  avatarVersion: number;
}): UserSearchResult {
  return {
    id: row.id,
    username: row.username,
    profile_picture: avatarUrl(row.avatarFile, row.avatarVersion),
  };
}
