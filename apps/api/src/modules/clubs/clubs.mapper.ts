// The clubs' wire shape (the spec's French names) and the table's fields, in one place.
import type { AdminClubInput, ClubDetail } from '@munegu/shared';
import type { ClubRow } from './clubs.repository.js';

export function toClubDetail(club: ClubRow): ClubDetail {
  return {
    id: club.id,
    nom: club.name,
    logo: club.logo,
    nomStade: club.stadiumName,
    ville: club.city,
    departement_club: club.department,
  };
}

/** The wire's club (the spec's names) as the clubs table's fields. */
export const clubFields = (input: AdminClubInput) => ({
  name: input.nom,
  stadiumName: input.nomStade,
  city: input.ville,
  department: input.departement,
});
