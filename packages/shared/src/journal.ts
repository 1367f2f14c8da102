// The journal (audit log) as staff read it: one French sentence per row, written here once for
// the web's journal tab and the API's tests. Every action name the API writes has its entry in
// JOURNAL_ACTIONS (apps/api/test/journal-actions.test.ts fails when one has none).
import { roleName } from './limits.js';
import { formatParisDay, formatParisTime } from './paris-format.js';
import type { AuditEntry } from './schemas/moderation.js';

/** Texts of the journal's filters (schemas/moderation.ts validates them, the page shows them). */
export const JOURNAL_FILTER_TEXTS = {
  day: 'Date invalide (jj/mm/aaaa).',
  range: 'La date de fin doit suivre la date de début.',
  pseudo: 'Pseudo invalide.',
  unknownMember: (pseudo: string) => `Aucun membre ne porte le pseudo « ${pseudo} ».`,
} as const;

/** Texts of the journal tab (apps/web features/moderation). */
export const JOURNAL_TEXTS = {
  title: 'Journal des actions',
  listLabel: 'Actions du journal',
  allActions: 'Toutes les actions',
  /** The option of a filter group: every action under it. */
  allOfGroup: (group: string) => `${group} : toutes les actions`,
  actionFilter: 'Action',
  actorFilter: 'Auteur (pseudo)',
  memberFilter: 'Membre concerné (pseudo)',
  fromFilter: 'Du',
  toFilter: 'Au',
  /** The button that shows the filters on a phone, with how many are set. */
  filters: (set: number) => (set ? `Filtres (${set})` : 'Filtres'),
  apply: 'Filtrer',
  clear: 'Effacer les filtres',
  loading: 'Chargement…',
  loadError: 'Impossible de charger le journal.',
  empty: 'Aucune action enregistrée.',
  emptyFiltered: 'Aucune action ne correspond à ces filtres.',
  count: (total: number) => (total < 2 ? `${total} action` : `${total} actions`),
  /** How the journal names whoever has no account behind an action. */
  system: 'Le système',
  operator: 'L’exploitant (ligne de commande)',
  /** A member whose account was deleted since: their pseudo is not kept for display. */
  deletedMember: 'membre supprimé',
  /** The target name of the partner offer's rows (one setting, no name of its own). */
  partnerOffer: 'offre partenaire',
} as const;

/**
 * How the journal names a target that is gone when its row kept no name (rows written before
 * target names were stored), by target type.
 */
export const JOURNAL_GONE: Record<string, string> = {
  user: JOURNAL_TEXTS.deletedMember,
  report: JOURNAL_TEXTS.deletedMember,
  match: 'match supprimé',
  news: 'actualité supprimée',
  contest: 'concours supprimé',
  club: 'club supprimé',
  title: 'titre supprimé',
  antenna: 'antenne supprimée',
  'news-category': 'catégorie supprimée',
  reason: 'motif supprimé',
  transport: 'mode de transport supprimé',
  'site-setting': JOURNAL_TEXTS.partnerOffer,
  trip: 'déplacement supprimé',
};

/** The entry as the sentence needs it (an AuditEntry from GET /moderation/audit). */
export type JournalEntry = Pick<
  AuditEntry,
  'action' | 'actor' | 'targetType' | 'targetId' | 'targetLabel' | 'targetUser' | 'change' | 'data'
>;

/** A piece of a sentence: text, and the pseudo of the member it names when it names one. */
export interface JournalPart {
  text: string;
  /**
   * Id of the member this part names: the web links it to their member file
   * (/admin/moderation/membres/{id}), which staff can open whatever the member's status, where a
   * suspended or banned member's public profile answers « Page introuvable ».
   */
  member?: number;
  /** Words a staff member wrote (a sanction's reason): the web sets them apart. */
  quote?: true;
}

// ─────────────────────────── Dates (Europe/Paris: paris-format.ts) ───────────────────────────

const dayAndTime = (value: string | Date) => `${formatParisDay(value)} à ${formatParisTime(value)}`;
const isInstant = (v: unknown): v is string =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v);

/** How the journal names a match: 'AS Monaco – RC Lens (12/09/2026)' (Paris date). */
export function matchLabel(home: string, away: string, kickoffAt: Date | string): string {
  return `${home} – ${away} (${formatParisDay(kickoffAt)})`;
}

// ─────────────────────────── Values and edits ───────────────────────────

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {};
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** Fields an edit records, by the name the API writes them under: French name and kind. */
const FIELDS: Record<string, { name: string; kind?: 'when' | 'plain' | 'nameOnly' }> = {
  titre: { name: 'titre' },
  contenu: { name: 'texte', kind: 'nameOnly' },
  categorie: { name: 'catégorie' },
  imageObjectPosY: { name: 'cadrage de l’image', kind: 'plain' },
  dateFin: { name: 'date de fin', kind: 'when' },
  image: { name: 'visuel', kind: 'nameOnly' },
  lienInsta: { name: 'lien Instagram' },
  lienX: { name: 'lien X' },
  nom: { name: 'nom' },
  nomStade: { name: 'stade' },
  ville: { name: 'ville' },
  departement: { name: 'département', kind: 'plain' },
  libelle: { name: 'libellé' },
  couleur: { name: 'couleur', kind: 'plain' },
  importance: { name: 'importance', kind: 'plain' },
  saison: { name: 'saison', kind: 'plain' },
  journee: { name: 'journée', kind: 'plain' },
  coup_envoi: { name: 'coup d’envoi', kind: 'when' },
  domicile: { name: 'club à domicile' },
  exterieur: { name: 'club à l’extérieur' },
  hashtag: { name: 'hashtag', kind: 'plain' },
  billetterie: { name: 'lien billetterie' },
  code: { name: 'code' },
  url: { name: 'lien' },
  depart_lieu: { name: 'lieu de départ' },
  depart_heure: { name: 'départ', kind: 'when' },
  retour_heure: { name: 'retour', kind: 'when' },
  places_total: { name: 'places', kind: 'plain' },
  prix: { name: 'prix (€)', kind: 'plain' },
  date_limite: { name: 'date limite', kind: 'when' },
  notes: { name: 'notes', kind: 'nameOnly' },
};

/** A value as a sentence shows it: « text », a Paris date, or 'aucun'. */
function shown(value: unknown, kind?: 'when' | 'plain' | 'nameOnly'): string {
  if (value === null || value === undefined || value === '') return 'aucun';
  if (kind === 'when' || isInstant(value)) return isInstant(value) ? dayAndTime(value) : '?';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'number' || kind === 'plain') return String(value);
  if (typeof value === 'string') return `« ${value} »`;
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * 'titre « A » → « B », texte': the fields an edit changed. `names` lists them when the row
 * says (its long texts are named, not copied); otherwise the fields whose values differ.
 */
function fieldChanges(from: unknown, to: unknown, names?: unknown): string | null {
  const before = rec(from);
  const after = rec(to);
  const listed = Array.isArray(names)
    ? names.filter((n): n is string => typeof n === 'string')
    : [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (k) => !same(before[k], after[k]),
      );
  if (listed.length === 0) return null;
  return listed
    .map((field) => {
      const f = FIELDS[field] ?? { name: field };
      if (f.kind === 'nameOnly' || !(field in after)) return f.name;
      return `${f.name} ${shown(before[field], f.kind)} → ${shown(after[field], f.kind)}`;
    })
    .join(', ');
}

/** '2-1' from `{ buts_dom, buts_ext }`; '—' for no score. */
function score(value: unknown): string {
  const s = rec(value);
  const home = num(s['buts_dom']);
  const away = num(s['buts_ext']);
  return home === null || away === null ? '—' : `${home}-${away}`;
}

// ─────────────────────────── Sentences ───────────────────────────

type Piece = string | JournalPart | JournalPart[] | null | false | undefined;

/** The parts of a sentence, adjacent texts merged. */
function parts(...pieces: Piece[]): JournalPart[] {
  const out: JournalPart[] = [];
  for (const piece of pieces.flat()) {
    if (piece === null || piece === false || piece === undefined || piece === '') continue;
    const part = typeof piece === 'string' ? { text: piece } : piece;
    const last = out.at(-1);
    const plain = (p: JournalPart) => p.member === undefined && !p.quote;
    if (last && plain(last) && plain(part)) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}

/** What a sentence builder receives about its row. */
interface Context {
  e: JournalEntry;
  data: Rec;
  /** Who acted: 'Alice (ADMIN)', linked; 'Le système' when nobody. */
  who: JournalPart[];
  /** The target by name: a member (linked), « a title », a match… */
  target: JournalPart[];
  /** The target's name without quotes (a member's pseudo, a match's teams and date). */
  name: string;
  /** ' : ' and the reason (a quote part) when the row has one. */
  reason: JournalPart[];
  from: unknown;
  to: unknown;
}

type Sentence = (c: Context) => JournalPart[];

const quoted = (c: Context) => `« ${c.name} »`;
/** ' : titre « A » → « B »' for an edit, or ' (aucun changement)'. */
const edits = (c: Context) => {
  const changed = fieldChanges(c.from, c.to, c.data['changed']);
  return changed ? ` : ${changed}` : ' (aucun changement)';
};
/** ' (actualité de Bob)' when a news item or contest was someone else's. */
const ownedBy = (c: Context, what: string) => {
  const author = str(c.data['authorPseudo']);
  return author && c.data['authorId'] !== c.e.actor?.id ? ` (${what} de ${author})` : '';
};
const fromReport = (c: Context) => (c.data['reportId'] ? ' (suite à un signalement)' : '');
const until = (c: Context) => {
  const end = c.data['until'];
  return isInstant(end) ? ` jusqu’au ${formatParisDay(end)}` : '';
};
const lines = (c: Context) => {
  const n = num(c.data['lines']) ?? num(c.data['rows']);
  return n === null ? '' : ` (${n} ${n < 2 ? 'ligne' : 'lignes'})`;
};
const season = (c: Context) => c.e.targetId ?? c.name;

/** One entry per action name the API writes: its French name (filters) and its sentence. */
export const JOURNAL_ACTIONS = {
  'user.create': {
    name: 'Compte créé',
    sentence: (c) =>
      parts(
        c.who,
        ' a créé le compte de ',
        c.target,
        str(c.data['role']) && ` (${roleName(String(c.data['role']))})`,
      ),
  },
  'user.role': {
    name: 'Changement de rôle',
    sentence: (c) =>
      parts(
        c.who,
        ' a changé le rôle de ',
        c.target,
        ` : ${roleName(String(c.from))} → ${roleName(String(c.to))}`,
      ),
  },
  'user.poste': {
    name: 'Changement de poste',
    sentence: (c) =>
      parts(c.who, ' a changé le poste de ', c.target, ` : ${shown(c.from)} → ${shown(c.to)}`),
  },
  'user.title.grant': {
    name: 'Titre attribué',
    sentence: (c) =>
      parts(c.who, ` a attribué le titre « ${str(c.data['libelle']) ?? '?'} » à `, c.target),
  },
  'user.title.remove': {
    name: 'Titre retiré',
    sentence: (c) =>
      parts(c.who, ` a retiré le titre « ${str(c.data['libelle']) ?? '?'} » à `, c.target),
  },
  'user.anonymise': {
    name: 'Compte supprimé',
    sentence: (c) =>
      c.data['reason'] === 'inactivity'
        ? parts(c.who, ' a supprimé un compte inactif (données anonymisées)')
        : parts('Un membre a supprimé son compte (données anonymisées)'),
  },

  'club.create': { name: 'Club créé', sentence: (c) => parts(c.who, ' a créé le club ', c.target) },
  'club.update': {
    name: 'Club modifié',
    sentence: (c) => parts(c.who, ' a modifié le club ', c.target, edits(c)),
  },
  'club.logo': {
    name: 'Logo de club',
    sentence: (c) => parts(c.who, ' a changé le logo du club ', c.target),
  },
  'club.live-feed': {
    name: 'Lien du direct',
    sentence: (c) =>
      parts(
        c.who,
        ' a changé le lien du direct de ',
        c.target,
        ` : ${shown(c.from)} → ${shown(c.to)}`,
      ),
  },

  'match.create': {
    name: 'Match créé',
    sentence: (c) => parts(c.who, ' a créé le match ', c.target),
  },
  'match.update': {
    name: 'Match modifié',
    sentence: (c) => parts(c.who, ' a modifié le match ', c.target, c.e.change ? edits(c) : ''),
  },
  'match.delete': {
    name: 'Match supprimé',
    sentence: (c) => {
      const lost = num(c.data['pronostics']);
      return parts(
        c.who,
        ' a supprimé le match ',
        c.target,
        lost ? ` (${lost} ${lost < 2 ? 'pronostic effacé' : 'pronostics effacés'})` : '',
      );
    },
  },
  'match.score': {
    name: 'Score saisi',
    sentence: (c) =>
      parts(
        c.who,
        c.from !== undefined && score(c.from) !== '—'
          ? ' a corrigé le score de '
          : ' a saisi le score de ',
        c.target,
        c.from === undefined ? ` : ${score(c.to)}` : ` : ${score(c.from)} → ${score(c.to)}`,
      ),
  },
  'match.score.clear': {
    name: 'Score effacé',
    sentence: (c) =>
      parts(
        c.who,
        ' a effacé le score de ',
        c.target,
        c.from === undefined ? '' : ` : ${score(c.from)} → —`,
      ),
  },
  'match.import': {
    name: 'Import du calendrier',
    sentence: (c) => parts(c.who, ' a importé des matchs', lines(c)),
  },

  'classement.replace': {
    name: 'Classement enregistré',
    sentence: (c) =>
      parts(c.who, ` a enregistré le classement de la saison ${season(c)}`, lines(c)),
  },
  'classement.import': {
    name: 'Import du classement',
    sentence: (c) => parts(c.who, ` a importé le classement (saison ${season(c)})`, lines(c)),
  },

  'news.create': {
    name: 'Actualité publiée',
    sentence: (c) => parts(c.who, ` a publié l’actualité ${quoted(c)}`),
  },
  'news.update': {
    name: 'Actualité modifiée',
    sentence: (c) =>
      parts(c.who, ` a modifié l’actualité ${quoted(c)}`, ownedBy(c, 'actualité'), edits(c)),
  },
  'news.delete': {
    name: 'Actualité supprimée',
    sentence: (c) => parts(c.who, ` a supprimé l’actualité ${quoted(c)}`, ownedBy(c, 'actualité')),
  },
  'contest.create': {
    name: 'Concours créé',
    sentence: (c) =>
      parts(
        c.who,
        ` a créé le concours ${quoted(c)}`,
        isInstant(c.data['dateFin']) && ` (fin le ${dayAndTime(c.data['dateFin'] as string)})`,
      ),
  },
  'contest.update': {
    name: 'Concours modifié',
    sentence: (c) => parts(c.who, ` a modifié le concours ${quoted(c)}`, edits(c)),
  },
  'contest.delete': {
    name: 'Concours supprimé',
    sentence: (c) => parts(c.who, ` a supprimé le concours ${quoted(c)}`),
  },

  'title.create': {
    name: 'Titre créé',
    sentence: (c) => parts(c.who, ` a créé le titre ${quoted(c)}`),
  },
  'title.update': {
    name: 'Titre modifié',
    sentence: (c) => parts(c.who, ` a modifié le titre ${quoted(c)}`, edits(c)),
  },
  'title.delete': {
    name: 'Titre supprimé',
    sentence: (c) => {
      const holders = num(c.data['holders']);
      return parts(
        c.who,
        ` a supprimé le titre ${quoted(c)}`,
        holders ? ` (retiré à ${holders} ${holders < 2 ? 'membre' : 'membres'})` : '',
      );
    },
  },
  'antenna.create': {
    name: 'Antenne créée',
    sentence: (c) => parts(c.who, ` a créé l’antenne ${quoted(c)}`),
  },
  'antenna.update': {
    name: 'Antenne modifiée',
    sentence: (c) => parts(c.who, ` a modifié l’antenne ${quoted(c)}`, edits(c)),
  },
  'antenna.delete': {
    name: 'Antenne supprimée',
    sentence: (c) => parts(c.who, ` a supprimé l’antenne ${quoted(c)}`),
  },
  'antenna.organizers': {
    name: 'Organisateurs d’antenne',
    sentence: (c) => {
      const names = (key: string) =>
        Array.isArray(c.data[key]) ? (c.data[key] as unknown[]).filter((v) => str(v)) : [];
      const added = names('ajoutes');
      const removed = names('retires');
      return parts(
        c.who,
        ` a changé les organisateurs de l’antenne ${quoted(c)}`,
        added.length > 0 && ` : ajouté(s) ${added.join(', ')}`,
        removed.length > 0 && `${added.length > 0 ? ' ;' : ' :'} retiré(s) ${removed.join(', ')}`,
        added.length + removed.length === 0 && ' (aucun changement)',
      );
    },
  },
  'trip.create': {
    name: 'Déplacement créé',
    sentence: (c) => {
      const seats = num(c.data['places_total']);
      return parts(
        c.who,
        ` a créé le déplacement ${quoted(c)}`,
        seats !== null && ` (${seats} ${seats < 2 ? 'place' : 'places'})`,
      );
    },
  },
  'trip.update': {
    name: 'Déplacement modifié',
    sentence: (c) => parts(c.who, ` a modifié le déplacement ${quoted(c)}`, edits(c)),
  },
  'trip.cancel': {
    name: 'Déplacement annulé',
    sentence: (c) => {
      const n = num(c.data['inscrits']) ?? 0;
      return parts(
        c.who,
        ` a annulé le déplacement ${quoted(c)}`,
        ` (${n} ${n < 2 ? 'inscription retirée' : 'inscriptions retirées'})`,
      );
    },
  },
  'news-category.create': {
    name: 'Catégorie créée',
    sentence: (c) => parts(c.who, ` a créé la catégorie d’actualités ${quoted(c)}`),
  },
  'news-category.update': {
    name: 'Catégorie renommée',
    sentence: (c) =>
      parts(c.who, ` a renommé la catégorie d’actualités ${shown(c.from)} → ${shown(c.to)}`),
  },
  'news-category.delete': {
    name: 'Catégorie supprimée',
    sentence: (c) => parts(c.who, ` a supprimé la catégorie d’actualités ${quoted(c)}`),
  },
  'reason.create': {
    name: 'Motif ajouté',
    sentence: (c) => parts(c.who, ` a ajouté le motif ${quoted(c)}`),
  },
  'reason.update': {
    name: 'Motif renommé',
    sentence: (c) => parts(c.who, ` a renommé le motif ${shown(c.from)} → ${shown(c.to)}`),
  },
  'reason.reorder': {
    name: 'Motifs réordonnés',
    sentence: (c) => parts(c.who, ' a changé l’ordre d’une liste de motifs'),
  },
  'reason.delete': {
    name: 'Motif supprimé',
    sentence: (c) => parts(c.who, ` a supprimé le motif ${quoted(c)}`),
  },
  // Transport modes: written by the reference lists (administration lists.service).
  'transport.create': {
    name: 'Mode de transport créé',
    sentence: (c) => parts(c.who, ` a créé le mode de transport ${quoted(c)}`),
  },
  'transport.update': {
    name: 'Mode de transport renommé',
    sentence: (c) =>
      parts(c.who, ` a renommé le mode de transport ${shown(c.from)} → ${shown(c.to)}`),
  },
  'transport.delete': {
    name: 'Mode de transport supprimé',
    sentence: (c) => parts(c.who, ` a supprimé le mode de transport ${quoted(c)}`),
  },
  'site.partner': {
    name: 'Offre partenaire',
    sentence: (c) => {
      const code = (v: unknown) => str(rec(v)['code']) ?? 'aucune';
      return parts(c.who, ` a changé l’offre partenaire : ${code(c.from)} → ${code(c.to)}`);
    },
  },

  'moderation.report.dismiss': {
    name: 'Signalement classé',
    sentence: (c) =>
      parts(c.who, ' a classé sans suite un signalement visant ', c.target, c.reason),
  },
  'moderation.user.warn': {
    name: 'Avertissement',
    sentence: (c) => parts(c.who, ' a averti ', c.target, fromReport(c), c.reason),
  },
  'moderation.user.silence': {
    name: 'Mise au silence',
    sentence: (c) =>
      parts(c.who, ' a réduit au silence ', c.target, until(c), fromReport(c), c.reason),
  },
  'moderation.user.suspend': {
    name: 'Suspension',
    sentence: (c) => parts(c.who, ' a suspendu ', c.target, until(c), fromReport(c), c.reason),
  },
  'moderation.user.ban': {
    name: 'Bannissement',
    sentence: (c) => parts(c.who, ' a banni ', c.target, fromReport(c), c.reason),
  },
  'moderation.user.lift': {
    name: 'Sanction levée',
    sentence: (c) => {
      if (c.data['automatic'] === true)
        return parts(c.who, ' a levé la suspension de ', c.target, ' : fin de la durée prévue');
      const what =
        { suspension: 'la suspension', ban: 'le bannissement', silence: 'le silence' }[
          String(c.data['lifted'])
        ] ?? 'la sanction';
      return parts(c.who, ` a levé ${what} de `, c.target, c.reason);
    },
  },
} satisfies Record<string, { name: string; sentence: Sentence }>;

export type JournalAction = keyof typeof JOURNAL_ACTIONS;

/** Filter groups of the journal tab: a prefix ending in '.' selects every action under it. */
export const JOURNAL_ACTION_GROUPS = [
  { prefix: 'moderation.', name: 'Modération' },
  { prefix: 'user.', name: 'Membres' },
  { prefix: 'match.', name: 'Matchs' },
  { prefix: 'classement.', name: 'Classement' },
  { prefix: 'club.', name: 'Clubs' },
  { prefix: 'news.', name: 'Actualités' },
  { prefix: 'contest.', name: 'Concours' },
  { prefix: 'title.', name: 'Titres' },
  { prefix: 'antenna.', name: 'Antennes' },
  { prefix: 'trip.', name: 'Déplacements' },
  { prefix: 'news-category.', name: 'Catégories d’actualités' },
  { prefix: 'reason.', name: 'Motifs' },
  { prefix: 'transport.', name: 'Modes de transport' },
  { prefix: 'site.', name: 'Site' },
] as const;

const isAction = (action: string): action is JournalAction => action in JOURNAL_ACTIONS;

/** The French name of an action ('Changement de rôle'), or the name as stored when unknown. */
export const journalActionName = (action: string) =>
  isAction(action) ? JOURNAL_ACTIONS[action].name : action;

/**
 * Who acted, as the sentence opens: 'Alice (Administrateur)' (linked, the role by the name the
 * rest of the staff screens give it), or the system / operator.
 */
function subject(e: JournalEntry, data: Rec): JournalPart[] {
  if (!e.actor)
    return [{ text: data['source'] === 'cli' ? JOURNAL_TEXTS.operator : JOURNAL_TEXTS.system }];
  if (e.actor.deleted) return [{ text: `Un ${JOURNAL_TEXTS.deletedMember}` }];
  return [{ text: e.actor.pseudo, member: e.actor.id }, { text: ` (${roleName(e.actor.role)})` }];
}

/** The target as named in the sentence: a member linked to their file, else its name. */
function targetOf(e: JournalEntry, data: Rec): { name: string; parts: JournalPart[] } {
  const name =
    e.targetLabel ??
    str(data['pseudo']) ??
    str(data['titre']) ??
    str(data['libelle']) ??
    str(data['nom']) ??
    `${e.targetType} ${e.targetId ?? ''}`.trim();
  const member = e.targetUser?.id;
  return { name, parts: [member === undefined ? { text: name } : { text: name, member }] };
}

/**
 * The sentence of one journal row, as parts: 'Alice (ADMIN) a changé le rôle de karim13 :
 * UTILISATEUR → MODERATEUR'. Members are parts with `member`; every other text is plain (the
 * web shows it as text, never as HTML). An action unknown here reads 'Alice (ADMIN) : x.y —
 * target' rather than nothing.
 */
export function journalSentence(e: JournalEntry): JournalPart[] {
  const data = rec(e.data);
  const target = targetOf(e, data);
  const reasonText = str(data['reason']);
  const context: Context = {
    e,
    data,
    who: subject(e, data),
    target: target.parts,
    name: target.name,
    reason: reasonText ? [{ text: ' : ' }, { text: reasonText, quote: true }] : [],
    from: e.change?.from,
    to: e.change?.to,
  };
  if (!isAction(e.action)) return parts(context.who, ` : ${e.action} — `, context.target);
  return JOURNAL_ACTIONS[e.action].sentence(context);
}

/** The sentence as one string (tests, plain-text exports). */
export const journalText = (e: JournalEntry) =>
  journalSentence(e)
    .map((p) => p.text)
    .join('');
