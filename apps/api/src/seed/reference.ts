import {
  CARPOOL_STATUS_IDS,
  CARPOOL_STATUS_NAMES,
  CARPOOL_SYSTEM_REASON,
  OTHER_REASON_LABEL,
} from '@munegu/shared';
import type { Db } from '../db/client.js';

/** Spec section 4: relation status ids are part of the contract with the web app (shared). */
export const CARPOOL_STATUSES = CARPOOL_STATUS_IDS.map((id) => ({
  id,
  label: CARPOOL_STATUS_NAMES[id],
}));

/** Spec section 3: transport types with fixed ids 1..6 and the spec's lower-case labels. */
export const TRANSPORT_TYPES = [
  { id: 1, code: 'VOITURE', label: 'voiture' },
  { id: 2, code: 'BUS', label: 'bus' },
  { id: 3, code: 'TRAIN', label: 'train' },
  { id: 4, code: 'AVION', label: 'avion' },
  { id: 5, code: 'A_PIED', label: 'a pied' },
  { id: 6, code: 'RECHERCHE', label: 'en recherche' },
] as const;

/** Supporter branches and groups (invented for the founding data set). */
export const ANTENNAS = [
  { name: 'Club des Supporters - Monaco', category: 'Section officielle', url: null },
  { name: 'Club des Supporters - Nice', category: 'Section officielle', url: null },
  { name: 'Club des Supporters - Menton', category: 'Section officielle', url: null },
  { name: 'Club des Supporters - Paris', category: 'Section officielle', url: null },
  { name: 'Club des Supporters - Marseille', category: 'Section officielle', url: null },
  { name: 'Club des Supporters - Lyon', category: 'Section officielle', url: null },
  { name: 'Ultras Monaco 1994', category: 'Groupe', url: null },
  { name: 'Rouge et Blanc Riviera', category: 'Groupe', url: null },
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
      update: { label: s.label },
    });
  }
  for (const t of TRANSPORT_TYPES) {
    await db.transportType.upsert({
      where: { id: t.id },
      create: t,
      update: { code: t.code, label: t.label },
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
      data: NEWS_CATEGORIES.map((label) => ({ label })),
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
