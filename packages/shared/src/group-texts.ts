/**
 * The texts and kinds of group threads (issue 30), apart from their schemas
 * (schemas/message-groups.ts re-exports them) so that the navbar's messages link, which
 * names them on every signed-in page, does not load zod.
 */
export const GROUP_TEXTS = {
  /** Sidebar section of the messaging page. */
  section: 'Groupes',
  kinds: { covoiturage: 'Covoiturage', deplacement: 'Déplacement' },
  // Server refusals (4xx bodies).
  notFound: 'Groupe introuvable.',
  notMember: 'Tu ne fais plus partie de ce groupe.',
  loadFailed: 'Erreur lors du chargement du groupe.',
  empty: 'Aucun message pour le moment : écris le premier !',
  placeholder: 'Écris au groupe…',
  markedRead: 'Groupe marqué comme lu.',
  /** The label of an organiser's announcement in a trip's thread. */
  announcement: 'Annonce',
} as const;

export const GROUP_KINDS = ['covoiturage', 'deplacement'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
