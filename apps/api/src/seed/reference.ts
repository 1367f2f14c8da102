import { CARPOOL_SYSTEM_REASON } from '@munegu/shared';
import type { Db } from '../db/client.js';

/** Spec section 4: relation status ids are part of the contract with the web app. */
export const CARPOOL_STATUSES = [
  { id: 1, libelle: 'PROPOSE' },
  { id: 2, libelle: 'DEMANDE' },
  { id: 3, libelle: 'CONFIRME' },
  { id: 4, libelle: 'REFUSE' },
  { id: 5, libelle: 'ANNULE' },
  { id: 6, libelle: 'EXCLU' },
] as const;

/** Spec section 3: transport types with fixed ids 1..6 and the spec's lower-case labels. */
export const TRANSPORT_TYPES = [
  { id: 1, code: 'VOITURE', libelle: 'voiture' },
  { id: 2, code: 'BUS', libelle: 'bus' },
  { id: 3, code: 'TRAIN', libelle: 'train' },
  { id: 4, code: 'AVION', libelle: 'avion' },
  { id: 5, code: 'A_PIED', libelle: 'a pied' },
  { id: 6, code: 'RECHERCHE', libelle: 'en recherche' },
] as const;

/** Supporter branches and groups (invented for the founding data set). */
export const ANTENNAS = [
  { nom: 'Club des Supporters - Monaco', categorie: 'Section officielle', url: null },
  { nom: 'Club des Supporters - Nice', categorie: 'Section officielle', url: null },
  { nom: 'Club des Supporters - Menton', categorie: 'Section officielle', url: null },
  { nom: 'Club des Supporters - Paris', categorie: 'Section officielle', url: null },
  { nom: 'Club des Supporters - Marseille', categorie: 'Section officielle', url: null },
  { nom: 'Club des Supporters - Lyon', categorie: 'Section officielle', url: null },
  { nom: 'Ultras Monaco 1994', categorie: 'Groupe', url: null },
  { nom: 'Rouge et Blanc Riviera', categorie: 'Groupe', url: null },
] as const;

/** News categories; TOUT is the "everything" filter, AUTRE the default category. */
export const NEWS_CATEGORIES = [
  'TOUT',
  'AUTRE',
  'MATCH',
  'CLUB',
  'ASSOCIATION',
  'DÉPLACEMENTS',
] as const;

export const OTHER_REASON_LABEL = 'Autre';
/** Far above any list's own positions, so 'Autre' stays last when labels are added. */
export const OTHER_REASON_POSITION = 1000;

/**
 * Reason lists, in display order (position 10, 20, ...); 'Autre' is appended to each with
 * OTHER_REASON_POSITION (spec: 'Autre' is listed last and needs free text).
 */
export const REASONS: ReadonlyArray<{
  kind: 'ANNULATION' | 'EXCLUSION' | 'SIGNALEMENT';
  section: '' | 'profil' | 'covoiturage' | 'message' | 'actualite';
  labels: readonly string[];
}> = [
  {
    kind: 'ANNULATION',
    section: '',
    labels: [
      'Je ne peux plus me rendre au match',
      'Changement de moyen de transport',
      "J'ai trouvé un autre covoiturage",
      'Problème avec le véhicule',
      'Horaires incompatibles',
    ],
  },
  {
    kind: 'EXCLUSION',
    section: '',
    labels: [
      'Plus assez de places dans le véhicule',
      'Passager injoignable',
      'Comportement inapproprié',
      'Point de départ trop éloigné',
    ],
  },
  {
    kind: 'SIGNALEMENT',
    section: 'profil',
    labels: [
      'Propos injurieux ou haineux',
      'Photo de profil inappropriée',
      'Usurpation d’identité',
      'Spam ou publicité',
    ],
  },
  {
    kind: 'SIGNALEMENT',
    section: 'covoiturage',
    labels: [
      'Ne s’est pas présenté',
      'Retard important',
      'Conduite dangereuse',
      'Comportement inapproprié',
    ],
  },
  {
    kind: 'SIGNALEMENT',
    section: 'message',
    labels: [
      'Harcèlement',
      'Propos injurieux ou haineux',
      'Spam ou arnaque',
      'Contenu inapproprié',
    ],
  },
  {
    kind: 'SIGNALEMENT',
    section: 'actualite',
    labels: ['Information erronée', 'Contenu inapproprié', 'Lien cassé ou douteux'],
  },
];

export async function seedReference(db: Db): Promise<void> {
  for (const s of CARPOOL_STATUSES) {
    await db.carpoolStatus.upsert({
      where: { id: s.id },
      create: s,
      update: { libelle: s.libelle },
    });
  }
  for (const t of TRANSPORT_TYPES) {
    await db.transportType.upsert({
      where: { id: t.id },
      create: t,
      update: { code: t.code, libelle: t.libelle },
    });
  }
  // Antennas, news categories and reasons are the administrators' from then on (the
  // 'Référentiels' screens): the seed only fills an empty list, so a rename or a deletion
  // is never undone at the next start.
  if ((await db.antenna.count()) === 0) {
    await db.antenna.createMany({ data: [...ANTENNAS], skipDuplicates: true });
  }
  if ((await db.newsCategory.count()) === 0) {
    await db.newsCategory.createMany({
      data: NEWS_CATEGORIES.map((libelle) => ({ libelle })),
      skipDuplicates: true,
    });
  }
  for (const list of REASONS) {
    const where = { kind: list.kind, section: list.section };
    if ((await db.reason.count({ where })) > 0) continue;
    const entries: Array<[string, number]> = list.labels.map((label, i) => [label, (i + 1) * 10]);
    entries.push([OTHER_REASON_LABEL, OTHER_REASON_POSITION]);
    await db.reason.createMany({
      data: entries.map(([label, position]) => ({ ...where, label, position })),
      skipDuplicates: true,
    });
  }
  // The application's own cancellation reason (carpools of a sanctioned or deleted member):
  // not in any list an administrator edits, so it is always ensured.
  const system = { kind: 'SYSTEME', section: '', label: CARPOOL_SYSTEM_REASON } as const;
  await db.reason.upsert({
    where: { kind_section_label: system },
    create: system,
    update: {},
  });
}
