import { z } from 'zod';
import '../zod-locale.js';
import { isReservedTransportName } from '../carpool-constants.js';
import { ROLES } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';
import { REPORT_SECTIONS } from './reference.js';
import { text } from './text.js';

/**
 * Administration (ADMIN only, /administration/...): members' roles, titles and poste, the
 * reference lists (antennas, reasons, news categories), the partner offer and the clubs' live
 * feeds. Every write lands in the audit log.
 */

export const ADMINISTRATION_TEXTS = {
  searchTooShort: 'Saisis au moins 2 caractères.',
  memberNotFound: 'Membre introuvable.',
  role: 'Rôle inconnu.',
  lastAdmin: 'Impossible : il doit toujours rester au moins un administrateur actif.',
  roleSaved: 'Rôle modifié.',
  poste: 'Le poste doit contenir au plus 60 caractères, sans balise.',
  posteSaved: 'Poste enregistré.',
  titleLabel: 'Le libellé doit contenir de 1 à 60 caractères, sans balise.',
  titleColor: 'Couleur invalide : format attendu #RRGGBB.',
  titleImportance: "L'importance doit être un nombre entier entre -1000 et 1000.",
  titleTaken: 'Un titre porte déjà ce libellé.',
  titleNotFound: 'Titre introuvable.',
  titleHeld: 'Ce membre a déjà ce titre.',
  titleNotHeld: "Ce membre n'a pas ce titre.",
  antennaName: "Nom d'antenne invalide (2 à 80 caractères, sans balise).",
  antennaCategory: 'Catégorie invalide (2 à 40 caractères, sans balise).',
  antennaTaken: 'Une antenne porte déjà ce nom.',
  antennaNotFound: 'Antenne introuvable.',
  antennaInUse:
    'Cette antenne est choisie par des membres ou des présences : renomme-la plutôt que de la supprimer.',
  reasonKind: 'Liste de motifs inconnue.',
  reasonLabel: 'Le motif doit contenir de 2 à 80 caractères, sans balise.',
  reasonSection: 'Section inconnue : un motif de signalement a une section, les autres non.',
  reasonTaken: 'Ce motif existe déjà dans cette liste.',
  reasonNotFound: 'Motif introuvable.',
  reasonAutre: '« Autre » reste en dernière position : il ne peut être ni renommé ni supprimé.',
  reasonReserved: '« Autre » est réservé au motif libre de chaque liste.',
  reasonInUse: 'Ce motif a déjà été utilisé : il ne peut pas être supprimé.',
  reasonOrder: "L'ordre doit reprendre exactement les motifs de la liste, « Autre » excepté.",
  categoryLabel: 'La catégorie doit contenir de 2 à 40 caractères, sans balise.',
  categoryTaken: 'Cette catégorie existe déjà.',
  categoryNotFound: 'Catégorie introuvable.',
  categoryProtected: 'Les catégories TOUT et AUTRE ne peuvent être ni renommées ni supprimées.',
  categoryInUse: 'Des actualités utilisent cette catégorie : elle ne peut pas être supprimée.',
  transportLabel: 'Le mode de transport doit contenir de 2 à 30 caractères, sans balise.',
  transportTaken: 'Un mode de transport porte déjà ce nom.',
  transportReserved:
    'Ce nom désigne déjà un mode de l’application (voiture, bus, train, avion, à pied, recherche, covoiturage).',
  transportNotFound: 'Mode de transport introuvable.',
  transportProtected:
    'Les modes voiture, bus, train, avion, à pied et en recherche ne peuvent être ni renommés ni supprimés : le covoiturage, les bus des antennes et la MuneguMap reposent sur eux.',
  transportInUse:
    'Des membres ont choisi ce mode de transport : renomme-le plutôt que de le supprimer.',
  partnerCode: 'Code invalide : 2 à 30 lettres, chiffres ou tirets.',
  httpsUrl: 'Lien invalide : une adresse https:// est attendue.',
  partnerBoth: 'Renseigne le code et le lien, ou aucun des deux.',
  clubNotFound: 'Club introuvable.',
  saved: 'Modifications enregistrées.',
  deleted: 'Suppression effectuée.',
} as const;
const M = ADMINISTRATION_TEXTS;

/** A trimmed single-line text of min..max characters without HTML, `message` otherwise. */
const label = (min: number, max: number, message: string) =>
  text()
    .trim()
    .min(min, { error: message })
    .max(max, { error: message })
    .refine(isSafeText, { error: message });

/** An https link (no other scheme), at most 500 characters. */
export const httpsUrlSchema = z
  .url({ protocol: /^https$/, error: M.httpsUrl })
  .max(500, { error: M.httpsUrl });

// ───────────────────────────── Members ─────────────────────────────

export const roleSchema = z.enum(ROLES, { error: M.role });

/** GET /administration/membres?q=: pseudo or e-mail containing q (at least 2 characters). */
export const memberSearchQuerySchema = z.object({
  q: text().trim().min(2, { error: M.searchTooShort }).max(100),
});
export const memberSummarySchema = z.object({
  id: z.number().int(),
  pseudo: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(['PENDING', 'ACTIVE', 'SUSPENDED', 'DELETED']),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const adminTitleSchema = z.object({
  id: z.number().int(),
  libelle: z.string(),
  /** '#RRGGBB'. */
  couleur: z.string(),
  /** Higher is shown first on profiles. */
  importance: z.number().int(),
});
export type AdminTitle = z.infer<typeof adminTitleSchema>;

/** GET /administration/membres/{id}. */
export const memberDetailSchema = memberSummarySchema.extend({
  poste: z.string().nullable(),
  /** Sorted by importance, highest first. */
  titres: z.array(adminTitleSchema),
  /** ISO instant. */
  created_at: z.string(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** PUT /administration/membres/{id}/role. The last active ADMIN cannot be demoted (409). */
export const roleInputSchema = z.object({ role: roleSchema });
/** PUT /administration/membres/{id}/poste: null or '' clears it. */
export const posteInputSchema = z.object({
  poste: text()
    .trim()
    .max(60, { error: M.poste })
    .refine(isSafeText, { error: M.poste })
    .nullable(),
});
/** POST /administration/membres/{id}/titres. */
export const grantTitleInputSchema = z.object({
  title_id: z.number().int().positive().max(ID_MAX),
});
export const memberTitleParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX),
  titleId: z.coerce.number().int().positive().max(ID_MAX),
});

// ───────────────────────────── Titles ─────────────────────────────

export const titleInputSchema = z.object({
  libelle: label(1, 60, M.titleLabel),
  couleur: z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: M.titleColor }),
  importance: z
    .number({ error: M.titleImportance })
    .int({ error: M.titleImportance })
    .min(-1000, { error: M.titleImportance })
    .max(1000, { error: M.titleImportance }),
});
export type TitleInput = z.infer<typeof titleInputSchema>;
/** GET /administration/titres item: with how many members hold it. */
export const titleWithHoldersSchema = adminTitleSchema.extend({ holders: z.number().int() });
export type TitleWithHolders = z.infer<typeof titleWithHoldersSchema>;

// ───────────────────────────── Reference lists ─────────────────────────────

export const antennaInputSchema = z.object({
  nom: label(2, 80, M.antennaName),
  categorie: label(2, 40, M.antennaCategory),
});
export type AntennaInput = z.infer<typeof antennaInputSchema>;
/** `uses`: members and presences naming it; an antenna in use cannot be deleted. */
export const adminAntennaSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  categorie: z.string(),
  uses: z.number().int(),
});
export type AdminAntenna = z.infer<typeof adminAntennaSchema>;

export const REASON_KIND_VALUES = ['ANNULATION', 'EXCLUSION', 'SIGNALEMENT'] as const;
export const reasonKindSchema = z.enum(REASON_KIND_VALUES, { error: M.reasonKind });

const reasonSection = z.union([z.enum(REPORT_SECTIONS), z.literal('')], {
  error: M.reasonSection,
});
/** SIGNALEMENT lists have a section, the other kinds have none (''). */
const sectionFits = (l: { kind: string; section: string }) =>
  (l.kind === 'SIGNALEMENT') === (l.section !== '');
const sectionRule = { error: M.reasonSection, path: ['section'] };

export const reasonLabelInput = label(2, 80, M.reasonLabel);
/** POST /administration/motifs: added just before 'Autre'. */
export const reasonCreateSchema = z
  .object({ kind: reasonKindSchema, section: reasonSection, label: reasonLabelInput })
  .refine(sectionFits, sectionRule);
export type ReasonCreate = z.infer<typeof reasonCreateSchema>;
export const reasonRenameSchema = z.object({ label: reasonLabelInput });
/** PUT /administration/motifs/ordre: every reason of the list but 'Autre', in the new order. */
export const reasonOrderSchema = z
  .object({
    kind: reasonKindSchema,
    section: reasonSection,
    ids: z.array(z.number().int().positive().max(ID_MAX)).min(1).max(100),
  })
  .refine(sectionFits, sectionRule);
export type ReasonOrder = z.infer<typeof reasonOrderSchema>;
/** GET /administration/motifs item. `uses`: cancellations, exclusions or reports naming it. */
export const adminReasonSchema = z.object({
  id: z.number().int(),
  kind: reasonKindSchema,
  section: z.string(),
  label: z.string(),
  position: z.number().int(),
  autre: z.boolean(),
  uses: z.number().int(),
});
export type AdminReason = z.infer<typeof adminReasonSchema>;

/** TOUT (the 'all' filter) and AUTRE (the default) are protected. */
export const PROTECTED_CATEGORIES = ['TOUT', 'AUTRE'] as const;
export const categoryInputSchema = z.object({ libelle: label(2, 40, M.categoryLabel) });
export const adminCategorySchema = z.object({
  id: z.number().int(),
  libelle: z.string(),
  protected: z.boolean(),
  /** News items filed under it. */
  uses: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/**
 * Transport modes (GET /transport). The spec's six (voiture, bus, train, avion, a pied, en
 * recherche) are `protected`: the carpool rules hang on them. Modes an administrator adds are
 * offered in the presence form after them and ask nothing more (like the train); they can be
 * renamed, and deleted while no presence names them.
 */
export const transportInputSchema = z.object({
  libelle: label(2, 30, M.transportLabel).refine((name) => !isReservedTransportName(name), {
    error: M.transportReserved,
  }),
});
export type TransportInput = z.infer<typeof transportInputSchema>;
export const adminTransportSchema = z.object({
  id: z.number().int(),
  libelle: z.string(),
  protected: z.boolean(),
  /** Presences naming it. */
  uses: z.number().int(),
});
export type AdminTransport = z.infer<typeof adminTransportSchema>;

// ───────────────────────────── Site settings ─────────────────────────────

export const PARTNER_CODE = /^[A-Za-z0-9-]{2,30}$/;
/** GET /site/partner (public): both null until an administrator sets them. */
export const partnerSchema = z.object({ code: z.string().nullable(), url: z.string().nullable() });
export type Partner = z.infer<typeof partnerSchema>;
/**
 * GET /site (public): what the operator fills in (environment variables, README "Operator
 * content"); each value is null until filled, and the web shows nothing in its place.
 */
export const siteInfoSchema = z.object({
  association: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    registration: z.string().nullable(),
    publication_director: z.string().nullable(),
    contact_email: z.string().nullable(),
  }),
  hosting: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    url: z.string().nullable(),
  }),
  social: z.object({
    x: z.string().nullable(),
    instagram: z.string().nullable(),
    facebook: z.string().nullable(),
  }),
  /** The club's live feed: the fallback of a match without one of its own. */
  club_live_url: z.string().nullable(),
  /** The ticket office: the fallback of a match without a ticket link of its own. */
  ticket_office_url: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
/** PUT /administration/partner: both set, or both null to take the banner down. */
export const partnerInputSchema = z
  .object({
    code: z.string().trim().regex(PARTNER_CODE, { error: M.partnerCode }).nullable(),
    url: httpsUrlSchema.nullable(),
  })
  .refine((p) => (p.code === null) === (p.url === null), { error: M.partnerBoth, path: ['url'] });
export type PartnerInput = z.infer<typeof partnerInputSchema>;

/** GET /administration/clubs item. */
export const adminClubFeedSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  logo: z.string(),
  live_feed_url: z.string().nullable(),
});
export type AdminClubFeed = z.infer<typeof adminClubFeedSchema>;
/** PUT /administration/clubs/{id}/live-feed: null clears it. */
export const liveFeedInputSchema = z.object({ live_feed_url: httpsUrlSchema.nullable() });
