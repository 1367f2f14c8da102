import { describe, expect, it } from 'vitest';
import { mayManageNews } from '../news-policy.js';
import {
  CONTEST_TEXTS,
  NEWS_TEXTS,
  contestEndProblem,
  contestInputSchema,
  newsContentSchema,
  newsTitleSchema,
} from './news.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the news title rule (spec section 5)', () => {
  it('accepts words that merely contain "script"', () => {
    for (const title of [
      'Déplacement à Paris : les inscriptions sont ouvertes',
      'La description du déplacement',
      'Souscription ouverte, manuscrit signé',
      'Un atelier JavaScript au club',
      'Prescriptions du médecin',
    ])
      expect(newsTitleSchema.safeParse(title).success, title).toBe(true);
  });

  it('refuses the word script and says so', () => {
    for (const title of ['Le script du match', 'SCRIPT', 'Les scripts, enfin', 'Voir « script »'])
      expect(firstMessage(newsTitleSchema.safeParse(title)), title).toBe(
        'Le titre ne peut pas contenir « script ».',
      );
  });

  it('names each other refusal: brackets, javascript:, data:text, empty, too long', () => {
    const cases: [string, string][] = [
      ['<b>Victoire</b>', 'Le titre ne peut pas contenir les caractères < et >.'],
      ['Score > 2', 'Le titre ne peut pas contenir les caractères < et >.'],
      ['Cliquez javascript:alert(1)', 'Le titre ne peut pas contenir « javascript: ».'],
      ['Voir data:text/html,x', 'Le titre ne peut pas contenir « data:text ».'],
      ['   ', 'Le titre est obligatoire.'],
      ['x'.repeat(201), 'Le titre ne peut pas dépasser 200 caractères.'],
    ];
    for (const [title, message] of cases)
      expect(firstMessage(newsTitleSchema.safeParse(title)), title).toBe(message);
    expect(newsTitleSchema.parse(`  ${'x'.repeat(200)}  `)).toHaveLength(200);
  });
});

describe('the news body', () => {
  it('announces its limit and names what it refuses', () => {
    expect(firstMessage(newsContentSchema.safeParse('x'.repeat(5001)))).toBe(
      NEWS_TEXTS.contentTooLong,
    );
    expect(NEWS_TEXTS.contentTooLong).toBe(
      'Le contenu ne peut pas dépasser 5\u202f000 caractères.',
    );
    expect(firstMessage(newsContentSchema.safeParse('Un <img src=x onerror=alert(1)> ici'))).toBe(
      'Le contenu ne peut pas contenir « <img src=x onerror=alert(1)> ».',
    );
    expect(firstMessage(newsContentSchema.safeParse(''))).toBe('Le contenu est obligatoire.');
    expect(newsContentSchema.safeParse('Je <3 Monaco, la description du script').success).toBe(
      true,
    );
  });
});

describe('contests', () => {
  const valid = {
    titre: 'Le maillot',
    dateFin: '2031-01-01T00:00:00.000Z',
    image: '/uploads/contests/0b6c1f6e-3c4b-4c0e-9a53-5f3f0f1d2a77.webp',
  };

  it('says which link is invalid', () => {
    const bad = contestInputSchema.safeParse({
      ...valid,
      lienInsta: 'https://evil.example/p/1',
      lienX: 'javascript:alert(1)',
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lienInsta', CONTEST_TEXTS.invalidInstagramLink],
      ['lienX', CONTEST_TEXTS.invalidXLink],
    ]);
    expect([CONTEST_TEXTS.invalidInstagramLink, CONTEST_TEXTS.invalidXLink]).toEqual([
      'Lien Instagram invalide.',
      'Lien X invalide.',
    ]);
  });

  it('refuses an end that is not ahead', () => {
    const now = new Date('2030-06-01T12:00:00Z');
    expect(contestEndProblem(new Date('2030-06-01T11:59:00Z'), now)).toBe(
      'La date de fin doit être dans le futur.',
    );
    expect(contestEndProblem(now, now)).toBe(CONTEST_TEXTS.pastEnd);
    expect(contestEndProblem(new Date('x'), now)).toBe(CONTEST_TEXTS.invalidEnd);
    expect(contestEndProblem(new Date('2030-06-01T12:01:00Z'), now)).toBeNull();
  });
});

describe('who manages a news item', () => {
  it('is its author among editors, and every moderator and admin', () => {
    const author = 7;
    expect(mayManageNews({ id: 7, role: 'REDACTEUR' }, author)).toBe(true);
    expect(mayManageNews({ id: 8, role: 'REDACTEUR' }, author)).toBe(false);
    expect(mayManageNews({ id: 8, role: 'MODERATEUR' }, author)).toBe(true);
    expect(mayManageNews({ id: 8, role: 'ADMIN' }, null)).toBe(true);
    expect(mayManageNews({ id: 7, role: 'UTILISATEUR' }, author)).toBe(false);
    expect(mayManageNews(null, author)).toBe(false);
    expect(mayManageNews({ id: 8, role: 'REDACTEUR' }, null)).toBe(false);
  });
});
