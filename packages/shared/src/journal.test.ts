import { describe, expect, it } from 'vitest';
import {
  JOURNAL_ACTION_GROUPS,
  JOURNAL_ACTIONS,
  journalActionName,
  journalSentence,
  journalText,
  matchLabel,
  type JournalAction,
  type JournalEntry,
} from './journal.js';

const alice = { id: 1, pseudo: 'Alice', role: 'ADMIN', deleted: false };
const mod = { id: 2, pseudo: 'Mod', role: 'MODERATEUR', deleted: false };
const karim = { id: 45, pseudo: 'karim13' };

/** A row about member karim13 by `actor`. */
const aboutKarim = (action: string, data: object, change: JournalEntry['change'] = null) => ({
  action,
  actor: mod,
  targetType: 'user',
  targetId: '45',
  targetLabel: 'karim13',
  targetUser: karim,
  change,
  data: data as Record<string, unknown>,
});

/** A row about something that is not a member. */
const about = (
  action: string,
  targetType: string,
  targetLabel: string | null,
  data: object = {},
  change: JournalEntry['change'] = null,
  actor: JournalEntry['actor'] = alice,
) => ({
  action,
  actor,
  targetType,
  targetId: '12',
  targetLabel,
  targetUser: null,
  change,
  data: data as Record<string, unknown>,
});

const MATCH = 'AS Monaco – RC Lens (12/09/2026)';

/**
 * One row and its sentence per action name. Typed by JournalAction: an action added to the
 * table without its sample here does not compile, and the API's own test checks that every
 * action it writes is in the table.
 */
const SAMPLES: Record<JournalAction, [JournalEntry, string]> = {
  'user.create': [
    { ...aboutKarim('user.create', { role: 'ADMIN', source: 'cli' }), actor: null },
    'L’exploitant (ligne de commande) a créé le compte de karim13 (Administrateur)',
  ],
  'user.role': [
    {
      ...aboutKarim('user.role', { from: 'UTILISATEUR', to: 'MODERATEUR' }),
      actor: alice,
      change: { from: 'UTILISATEUR', to: 'MODERATEUR' },
    },
    'Alice (Administrateur) a changé le rôle de karim13 : Membre → Modérateur',
  ],
  'user.poste': [
    { ...aboutKarim('user.poste', {}, { from: null, to: 'Trésorier' }), actor: alice },
    'Alice (Administrateur) a changé le poste de karim13 : aucun → « Trésorier »',
  ],
  'user.title.grant': [
    { ...aboutKarim('user.title.grant', { titleId: 3, libelle: 'Capo' }), actor: alice },
    'Alice (Administrateur) a attribué le titre « Capo » à karim13',
  ],
  'user.title.remove': [
    { ...aboutKarim('user.title.remove', { titleId: 3, libelle: 'Capo' }), actor: alice },
    'Alice (Administrateur) a retiré le titre « Capo » à karim13',
  ],
  'user.anonymise': [
    {
      ...aboutKarim('user.anonymise', { reason: 'request' }),
      actor: { ...karim, role: 'UTILISATEUR', deleted: true },
      targetLabel: 'membre supprimé',
      targetUser: null,
    },
    'Un membre a supprimé son compte (données anonymisées)',
  ],
  'club.create': [
    about('club.create', 'club', 'RC Lens', { nom: 'RC Lens' }),
    'Alice (Administrateur) a créé le club RC Lens',
  ],
  'club.update': [
    about(
      'club.update',
      'club',
      'RC Lens',
      { changed: ['ville'] },
      { from: { ville: 'Lens' }, to: { ville: 'Lens (62)' } },
    ),
    'Alice (Administrateur) a modifié le club RC Lens : ville « Lens » → « Lens (62) »',
  ],
  'club.logo': [
    about('club.logo', 'club', 'RC Lens'),
    'Alice (Administrateur) a changé le logo du club RC Lens',
  ],
  'club.live-feed': [
    about('club.live-feed', 'club', 'RC Lens', {}, { from: null, to: 'https://x.com/RCLens' }),
    'Alice (Administrateur) a changé le lien du direct de RC Lens : aucun → « https://x.com/RCLens »',
  ],
  'match.create': [
    about('match.create', 'match', MATCH),
    `Alice (Administrateur) a créé le match ${MATCH}`,
  ],
  'match.update': [
    about(
      'match.update',
      'match',
      MATCH,
      { changed: ['coup_envoi'] },
      {
        from: { coup_envoi: '2026-09-12T18:45:00.000Z' },
        to: { coup_envoi: '2026-09-13T19:00:00.000Z' },
      },
    ),
    `Alice (Administrateur) a modifié le match ${MATCH} : coup d’envoi 12/09/2026 à 20:45 → 13/09/2026 à 21:00`,
  ],
  'match.delete': [
    about('match.delete', 'match', MATCH, { pronostics: 16 }),
    `Alice (Administrateur) a supprimé le match ${MATCH} (16 pronostics effacés)`,
  ],
  'match.score': [
    about('match.score', 'match', MATCH, {}, { from: null, to: { buts_dom: 2, buts_ext: 1 } }, mod),
    `Mod (Modérateur) a saisi le score de ${MATCH} : — → 2-1`,
  ],
  'match.score.clear': [
    about(
      'match.score.clear',
      'match',
      MATCH,
      {},
      { from: { buts_dom: 2, buts_ext: 1 }, to: null },
    ),
    `Alice (Administrateur) a effacé le score de ${MATCH} : 2-1 → —`,
  ],
  'match.import': [
    about('match.import', 'match', null, { lines: 17 }),
    'Alice (Administrateur) a importé des matchs (17 lignes)',
  ],
  'classement.replace': [
    { ...about('classement.replace', 'league_table', null, { rows: 18 }), targetId: '2026-2027' },
    'Alice (Administrateur) a enregistré le classement de la saison 2026-2027 (18 lignes)',
  ],
  'classement.import': [
    { ...about('classement.import', 'league_table', null, { lines: 1 }), targetId: '2026-2027' },
    'Alice (Administrateur) a importé le classement (saison 2026-2027) (1 ligne)',
  ],
  'news.create': [
    about('news.create', 'news', 'Victoire au Louis-II', { titre: 'Victoire au Louis-II' }),
    'Alice (Administrateur) a publié l’actualité « Victoire au Louis-II »',
  ],
  'news.update': [
    about(
      'news.update',
      'news',
      'Victoire <b>',
      { changed: ['titre', 'contenu'], authorId: 8, authorPseudo: 'Redac_06' },
      { from: { titre: 'Victoire' }, to: { titre: 'Victoire <b>' } },
      mod,
    ),
    'Mod (Modérateur) a modifié l’actualité « Victoire <b> » (actualité de Redac_06) : titre « Victoire » → « Victoire <b> », texte',
  ],
  'news.delete': [
    about('news.delete', 'news', 'Assemblée générale', { authorId: 1, authorPseudo: 'Alice' }),
    'Alice (Administrateur) a supprimé l’actualité « Assemblée générale »',
  ],
  'contest.create': [
    about('contest.create', 'contest', 'Le maillot', { dateFin: '2026-12-20T22:00:00.000Z' }),
    'Alice (Administrateur) a créé le concours « Le maillot » (fin le 20/12/2026 à 23:00)',
  ],
  'contest.update': [
    about('contest.update', 'contest', 'Le maillot', { changed: [] }, { from: {}, to: {} }),
    'Alice (Administrateur) a modifié le concours « Le maillot » (aucun changement)',
  ],
  'contest.delete': [
    about('contest.delete', 'contest', 'Le maillot'),
    'Alice (Administrateur) a supprimé le concours « Le maillot »',
  ],
  'title.create': [
    about('title.create', 'title', 'Capo'),
    'Alice (Administrateur) a créé le titre « Capo »',
  ],
  'title.update': [
    about(
      'title.update',
      'title',
      'Capo',
      {},
      {
        from: { libelle: 'Capo', couleur: '#FF0000', importance: 1 },
        to: { libelle: 'Capo', couleur: '#00FF00', importance: 1 },
      },
    ),
    'Alice (Administrateur) a modifié le titre « Capo » : couleur #FF0000 → #00FF00',
  ],
  'title.delete': [
    about('title.delete', 'title', 'Capo', { holders: 2 }),
    'Alice (Administrateur) a supprimé le titre « Capo » (retiré à 2 membres)',
  ],
  'antenna.create': [
    about('antenna.create', 'antenna', 'Nice'),
    'Alice (Administrateur) a créé l’antenne « Nice »',
  ],
  'antenna.update': [
    about(
      'antenna.update',
      'antenna',
      'Nice',
      {},
      { from: { nom: 'Nice', categorie: 'FRANCE' }, to: { nom: 'Nice Côte', categorie: 'FRANCE' } },
    ),
    'Alice (Administrateur) a modifié l’antenne « Nice » : nom « Nice » → « Nice Côte »',
  ],
  'antenna.delete': [
    about('antenna.delete', 'antenna', 'Nice'),
    'Alice (Administrateur) a supprimé l’antenne « Nice »',
  ],
  'antenna.organizers': [
    about('antenna.organizers', 'antenna', 'Nice', {
      ajoutes: ['karim13', 'lea'],
      retires: ['bob'],
    }),
    'Alice (Administrateur) a changé les organisateurs de l’antenne « Nice » : ajouté(s) karim13, lea ; retiré(s) bob',
  ],
  'trip.create': [
    about('trip.create', 'trip', `Car de Nice – ${MATCH}`, { places_total: 50 }),
    `Alice (Administrateur) a créé le déplacement « Car de Nice – ${MATCH} » (50 places)`,
  ],
  'trip.update': [
    about(
      'trip.update',
      'trip',
      'Car de Nice',
      { changed: ['places_total', 'notes'] },
      { from: { places_total: 50 }, to: { places_total: 55 } },
    ),
    'Alice (Administrateur) a modifié le déplacement « Car de Nice » : places 50 → 55, notes',
  ],
  'trip.cancel': [
    about('trip.cancel', 'trip', 'Car de Nice', { inscrits: 3 }),
    'Alice (Administrateur) a annulé le déplacement « Car de Nice » (3 inscriptions retirées)',
  ],
  'news-category.create': [
    about('news-category.create', 'news-category', 'MERCATO'),
    'Alice (Administrateur) a créé la catégorie d’actualités « MERCATO »',
  ],
  'news-category.update': [
    about(
      'news-category.update',
      'news-category',
      'TRANSFERTS',
      {},
      { from: 'MERCATO', to: 'TRANSFERTS' },
    ),
    'Alice (Administrateur) a renommé la catégorie d’actualités « MERCATO » → « TRANSFERTS »',
  ],
  'news-category.delete': [
    about('news-category.delete', 'news-category', 'MERCATO'),
    'Alice (Administrateur) a supprimé la catégorie d’actualités « MERCATO »',
  ],
  'reason.create': [
    about('reason.create', 'reason', 'Retard'),
    'Alice (Administrateur) a ajouté le motif « Retard »',
  ],
  'reason.update': [
    about('reason.update', 'reason', 'Gros retard', {}, { from: 'Retard', to: 'Gros retard' }),
    'Alice (Administrateur) a renommé le motif « Retard » → « Gros retard »',
  ],
  'reason.reorder': [
    about('reason.reorder', 'reason-list', null, { kind: 'ANNULATION' }),
    'Alice (Administrateur) a changé l’ordre d’une liste de motifs',
  ],
  'reason.delete': [
    about('reason.delete', 'reason', 'Retard'),
    'Alice (Administrateur) a supprimé le motif « Retard »',
  ],
  'transport.create': [
    about('transport.create', 'transport', 'TROTTINETTE', { libelle: 'TROTTINETTE' }),
    'Alice (Administrateur) a créé le mode de transport « TROTTINETTE »',
  ],
  'transport.update': [
    about('transport.update', 'transport', 'VÉLO', {}, { from: 'VELO', to: 'VÉLO' }),
    'Alice (Administrateur) a renommé le mode de transport « VELO » → « VÉLO »',
  ],
  'transport.delete': [
    about('transport.delete', 'transport', 'TROTTINETTE', { libelle: 'TROTTINETTE' }),
    'Alice (Administrateur) a supprimé le mode de transport « TROTTINETTE »',
  ],
  'site.partner': [
    about(
      'site.partner',
      'site-setting',
      'offre partenaire',
      {},
      { from: { code: null, url: null }, to: { code: 'MUNEGU10', url: 'https://a.b' } },
    ),
    'Alice (Administrateur) a changé l’offre partenaire : aucune → MUNEGU10',
  ],
  'moderation.report.dismiss': [
    { ...aboutKarim('moderation.report.dismiss', { reportedUserId: 45 }), targetType: 'report' },
    'Mod (Modérateur) a classé sans suite un signalement visant karim13',
  ],
  'moderation.user.warn': [
    aboutKarim('moderation.user.warn', { reason: 'Langage', reportId: 4 }),
    'Mod (Modérateur) a averti karim13 (suite à un signalement) : Langage',
  ],
  'moderation.user.silence': [
    aboutKarim('moderation.user.silence', {
      reason: 'Spam',
      days: 3,
      until: '2026-12-20T10:00:00.000Z',
    }),
    'Mod (Modérateur) a réduit au silence karim13 jusqu’au 20/12/2026 : Spam',
  ],
  'moderation.user.suspend': [
    aboutKarim('moderation.user.suspend', {
      reason: 'insultes',
      days: 7,
      until: '2026-12-20T10:00:00.000Z',
    }),
    'Mod (Modérateur) a suspendu karim13 jusqu’au 20/12/2026 : insultes',
  ],
  'moderation.user.ban': [
    aboutKarim('moderation.user.ban', { reason: 'Menaces' }),
    'Mod (Modérateur) a banni karim13 : Menaces',
  ],
  'moderation.user.lift': [
    aboutKarim('moderation.user.lift', { lifted: 'ban', reason: 'Erreur' }),
    'Mod (Modérateur) a levé le bannissement de karim13 : Erreur',
  ],
};

describe('journal sentences', () => {
  it.each(Object.entries(SAMPLES))('%s reads as a French sentence', (action, [entry, text]) => {
    expect(journalText(entry)).toBe(text);
    expect(journalText(entry)).not.toMatch(/undefined|null|\[object|NaN/);
    expect(journalText(entry)).not.toContain(action);
  });

  it('has a sample for every action and a French name for each', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(JOURNAL_ACTIONS).sort());
    for (const action of Object.keys(JOURNAL_ACTIONS))
      expect(journalActionName(action)).not.toBe(action);
  });

  it('puts every action under one filter group', () => {
    for (const action of Object.keys(JOURNAL_ACTIONS))
      expect(
        JOURNAL_ACTION_GROUPS.filter((g) => action.startsWith(g.prefix)),
        action,
      ).toHaveLength(1);
  });

  it('links the members it names to their member file, and nothing else', () => {
    const [entry] = SAMPLES['user.role'];
    expect(journalSentence({ ...entry, targetUser: { id: 45, pseudo: 'karim_renamed' } })).toEqual([
      { text: 'Alice', member: 1 },
      { text: ' (Administrateur) a changé le rôle de ' },
      { text: 'karim13', member: 45 },
      { text: ' : Membre → Modérateur' },
    ]);
    // A reason is the moderator's own words, set apart from the sentence around it.
    expect(journalSentence(SAMPLES['moderation.user.ban'][0]).slice(-2)).toEqual([
      { text: ' : ' },
      { text: 'Menaces', quote: true },
    ]);
    const [news] = SAMPLES['news.create'];
    expect(journalSentence(news).filter((p) => p.member !== undefined)).toEqual([
      { text: 'Alice', member: 1 },
    ]);
  });

  it('names the system, the automatic end of a suspension and older rows', () => {
    expect(
      journalText({
        ...aboutKarim('moderation.user.lift', { automatic: true, until: '2026-12-20T10:00:00Z' }),
        actor: null,
      }),
    ).toBe('Le système a levé la suspension de karim13 : fin de la durée prévue');
    // Older rows: no `lifted`, a score without its previous value, a label from the data.
    expect(journalText(aboutKarim('moderation.user.lift', {}))).toBe(
      'Mod (Modérateur) a levé la sanction de karim13',
    );
    expect(
      journalText(about('match.score', 'match', MATCH, {}, { to: { buts_dom: 1, buts_ext: 0 } })),
    ).toBe(`Alice (Administrateur) a saisi le score de ${MATCH} : 1-0`);
    expect(
      journalText(
        about(
          'match.score',
          'match',
          MATCH,
          {},
          { from: { buts_dom: 1, buts_ext: 0 }, to: { buts_dom: 2, buts_ext: 0 } },
        ),
      ),
    ).toBe(`Alice (Administrateur) a corrigé le score de ${MATCH} : 1-0 → 2-0`);
    expect(journalText(about('news.delete', 'news', null, { titre: 'Ancien titre' }))).toBe(
      'Alice (Administrateur) a supprimé l’actualité « Ancien titre »',
    );
  });

  it('still says something for an action it does not know', () => {
    expect(journalText(about('ticket.create', 'ticket', 'Bus'))).toBe(
      'Alice (Administrateur) : ticket.create — Bus',
    );
  });

  it('names a match by its teams and Paris date', () => {
    // 23:30 UTC on 11 September is already the 12th in Paris.
    expect(matchLabel('AS Monaco', 'RC Lens', '2026-09-11T23:30:00Z')).toBe(MATCH);
  });
});
