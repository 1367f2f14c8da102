import { MONACO_CLUB_ID } from '@munegu/shared';
import type { Db } from '../db/client.js';

export interface ClubSeed {
  id: number;
  nom: string;
  slug: string;
  /** Short code used to build match hashtags ('#ASMOL'). */
  code: string;
  nomStade: string;
  ville: string;
  /** Department code without 'FR-'. */
  departement: string;
  liveFeedUrl?: string;
}

/**
 * The 18 Ligue 1 clubs of 2025-26, with fixed ids (AS Monaco = 1, the others alphabetical).
 * Monaco is not a French department: it gets '06' (Alpes-Maritimes), the home département of
 * most supporters and the one that surrounds the principality, so carpool and map logic that
 * works with French department codes treats the Stade Louis-II as being in the 06.
 */
export const CLUBS: readonly ClubSeed[] = [
  {
    id: MONACO_CLUB_ID,
    nom: 'AS Monaco',
    slug: 'monaco',
    code: 'ASM',
    nomStade: 'Stade Louis-II',
    ville: 'Monaco',
    departement: '06',
    liveFeedUrl: 'https://x.com/AS_Monaco',
  },
  {
    id: 2,
    nom: 'Angers SCO',
    slug: 'angers',
    code: 'SCO',
    nomStade: 'Stade Raymond-Kopa',
    ville: 'Angers',
    departement: '49',
  },
  {
    id: 3,
    nom: 'AJ Auxerre',
    slug: 'auxerre',
    code: 'AJA',
    nomStade: "Stade de l'Abbé-Deschamps",
    ville: 'Auxerre',
    departement: '89',
  },
  {
    id: 4,
    nom: 'Stade Brestois 29',
    slug: 'brest',
    code: 'SB29',
    nomStade: 'Stade Francis-Le Blé',
    ville: 'Brest',
    departement: '29',
  },
  {
    id: 5,
    nom: 'Le Havre AC',
    slug: 'le-havre',
    code: 'HAC',
    nomStade: 'Stade Océane',
    ville: 'Le Havre',
    departement: '76',
  },
  {
    id: 6,
    nom: 'RC Lens',
    slug: 'lens',
    code: 'RCL',
    nomStade: 'Stade Bollaert-Delelis',
    ville: 'Lens',
    departement: '62',
  },
  {
    id: 7,
    nom: 'LOSC Lille',
    slug: 'lille',
    code: 'LOSC',
    nomStade: 'Stade Pierre-Mauroy',
    ville: "Villeneuve-d'Ascq",
    departement: '59',
  },
  {
    id: 8,
    nom: 'FC Lorient',
    slug: 'lorient',
    code: 'FCL',
    nomStade: 'Stade du Moustoir',
    ville: 'Lorient',
    departement: '56',
  },
  {
    id: 9,
    nom: 'Olympique Lyonnais',
    slug: 'lyon',
    code: 'OL',
    nomStade: 'Groupama Stadium',
    ville: 'Décines-Charpieu',
    departement: '69',
  },
  {
    id: 10,
    nom: 'Olympique de Marseille',
    slug: 'marseille',
    code: 'OM',
    nomStade: 'Orange Vélodrome',
    ville: 'Marseille',
    departement: '13',
  },
  {
    id: 11,
    nom: 'FC Metz',
    slug: 'metz',
    code: 'FCM',
    nomStade: 'Stade Saint-Symphorien',
    ville: 'Longeville-lès-Metz',
    departement: '57',
  },
  {
    id: 12,
    nom: 'FC Nantes',
    slug: 'nantes',
    code: 'FCN',
    nomStade: 'Stade de la Beaujoire',
    ville: 'Nantes',
    departement: '44',
  },
  {
    id: 13,
    nom: 'OGC Nice',
    slug: 'nice',
    code: 'OGCN',
    nomStade: 'Allianz Riviera',
    ville: 'Nice',
    departement: '06',
  },
  {
    id: 14,
    nom: 'Paris FC',
    slug: 'paris-fc',
    code: 'PFC',
    nomStade: 'Stade Jean-Bouin',
    ville: 'Paris',
    departement: '75',
  },
  {
    id: 15,
    nom: 'Paris Saint-Germain',
    slug: 'psg',
    code: 'PSG',
    nomStade: 'Parc des Princes',
    ville: 'Paris',
    departement: '75',
  },
  {
    id: 16,
    nom: 'Stade Rennais FC',
    slug: 'rennes',
    code: 'SRFC',
    nomStade: 'Roazhon Park',
    ville: 'Rennes',
    departement: '35',
  },
  {
    id: 17,
    nom: 'RC Strasbourg Alsace',
    slug: 'strasbourg',
    code: 'RCSA',
    nomStade: 'Stade de la Meinau',
    ville: 'Strasbourg',
    departement: '67',
  },
  {
    id: 18,
    nom: 'Toulouse FC',
    slug: 'toulouse',
    code: 'TFC',
    nomStade: 'Stadium de Toulouse',
    ville: 'Toulouse',
    departement: '31',
  },
];

/** Public path of a club's crest (files in apps/web/public/clubs/). */
export function crestPath(slug: string): string {
  return `/clubs/${slug}.svg`;
}

export async function seedClubs(db: Db): Promise<void> {
  for (const club of CLUBS) {
    const data = {
      nom: club.nom,
      slug: club.slug,
      nomStade: club.nomStade,
      ville: club.ville,
      departement: club.departement,
      logo: crestPath(club.slug),
      liveFeedUrl: club.liveFeedUrl ?? null,
    };
    await db.club.upsert({
      where: { id: club.id },
      create: { id: club.id, ...data },
      // Operators edit clubs (logo, stadium, live feed): a restart never undoes their changes.
      update: {},
    });
  }
  // Rows were written with explicit ids: move the sequence past them for later inserts.
  await db.$executeRawUnsafe(
    `SELECT setval(pg_get_serial_sequence('clubs', 'id'), (SELECT MAX(id) FROM clubs))`,
  );
}
