import { MONACO_CLUB_ID } from '@munegu/shared';
import type { Db } from '../db/client.js';

export interface ClubSeed {
  id: number;
  name: string;
  slug: string;
  /** Short code used to build match hashtags ('#ASMOL'). */
  code: string;
  stadiumName: string;
  city: string;
  /** Department code without 'FR-'. */
  department: string;
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
    name: 'AS Monaco',
    slug: 'monaco',
    code: 'ASM',
    stadiumName: 'Stade Louis-II',
    city: 'Monaco',
    department: '06',
    liveFeedUrl: 'https://x.com/AS_Monaco',
  },
  {
    id: 2,
    name: 'Angers SCO',
    slug: 'angers',
    code: 'SCO',
    stadiumName: 'Stade Raymond-Kopa',
    city: 'Angers',
    department: '49',
  },
  {
    id: 3,
    name: 'AJ Auxerre',
    slug: 'auxerre',
    code: 'AJA',
    stadiumName: "Stade de l'Abbé-Deschamps",
    city: 'Auxerre',
    department: '89',
  },
  {
    id: 4,
    name: 'Stade Brestois 29',
    slug: 'brest',
    code: 'SB29',
    stadiumName: 'Stade Francis-Le Blé',
    city: 'Brest',
    department: '29',
  },
  {
    id: 5,
    name: 'Le Havre AC',
    slug: 'le-havre',
    code: 'HAC',
    stadiumName: 'Stade Océane',
    city: 'Le Havre',
    department: '76',
  },
  {
    id: 6,
    name: 'RC Lens',
    slug: 'lens',
    code: 'RCL',
    stadiumName: 'Stade Bollaert-Delelis',
    city: 'Lens',
    department: '62',
  },
  {
    id: 7,
    name: 'LOSC Lille',
    slug: 'lille',
    code: 'LOSC',
    stadiumName: 'Stade Pierre-Mauroy',
    city: "Villeneuve-d'Ascq",
    department: '59',
  },
  {
    id: 8,
    name: 'FC Lorient',
    slug: 'lorient',
    code: 'FCL',
    stadiumName: 'Stade du Moustoir',
    city: 'Lorient',
    department: '56',
  },
  {
    id: 9,
    name: 'Olympique Lyonnais',
    slug: 'lyon',
    code: 'OL',
    stadiumName: 'Groupama Stadium',
    city: 'Décines-Charpieu',
    department: '69',
  },
  {
    id: 10,
    name: 'Olympique de Marseille',
    slug: 'marseille',
    code: 'OM',
    stadiumName: 'Orange Vélodrome',
    city: 'Marseille',
    department: '13',
  },
  {
    id: 11,
    name: 'FC Metz',
    slug: 'metz',
    code: 'FCM',
    stadiumName: 'Stade Saint-Symphorien',
    city: 'Longeville-lès-Metz',
    department: '57',
  },
  {
    id: 12,
    name: 'FC Nantes',
    slug: 'nantes',
    code: 'FCN',
    stadiumName: 'Stade de la Beaujoire',
    city: 'Nantes',
    department: '44',
  },
  {
    id: 13,
    name: 'OGC Nice',
    slug: 'nice',
    code: 'OGCN',
    stadiumName: 'Allianz Riviera',
    city: 'Nice',
    department: '06',
  },
  {
    id: 14,
    name: 'Paris FC',
    slug: 'paris-fc',
    code: 'PFC',
    stadiumName: 'Stade Jean-Bouin',
    city: 'Paris',
    department: '75',
  },
  {
    id: 15,
    name: 'Paris Saint-Germain',
    slug: 'psg',
    code: 'PSG',
    stadiumName: 'Parc des Princes',
    city: 'Paris',
    department: '75',
  },
  {
    id: 16,
    name: 'Stade Rennais FC',
    slug: 'rennes',
    code: 'SRFC',
    stadiumName: 'Roazhon Park',
    city: 'Rennes',
    department: '35',
  },
  {
    id: 17,
    name: 'RC Strasbourg Alsace',
    slug: 'strasbourg',
    code: 'RCSA',
    stadiumName: 'Stade de la Meinau',
    city: 'Strasbourg',
    department: '67',
  },
  {
    id: 18,
    name: 'Toulouse FC',
    slug: 'toulouse',
    code: 'TFC',
    stadiumName: 'Stadium de Toulouse',
    city: 'Toulouse',
    department: '31',
  },
];

/** Public path of a club's crest (files in apps/web/public/clubs/). */
export function crestPath(slug: string): string {
  return `/clubs/${slug}.svg`;
}

export async function seedClubs(db: Db): Promise<void> {
  for (const club of CLUBS) {
    const data = {
      name: club.name,
      slug: club.slug,
      stadiumName: club.stadiumName,
      city: club.city,
      department: club.department,
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
