import { describe, expect, it } from 'vitest';
import { adminMatchInputSchema, leagueTableInputSchema, seasonSchema } from './matches.js';
import { miniLeagueJoinSchema, predictionInputSchema, scoreFieldSchema } from './predictions.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('prediction schemas', () => {
  it('accepts whole scores from 0 to 50 only, with the French message', () => {
    const base = { userId: 3, score_club_dom: 0, score_club_ext: 50 };
    expect(predictionInputSchema.safeParse(base).success).toBe(true);
    for (const bad of [51, -1, 2.5, '2']) {
      const r = predictionInputSchema.safeParse({ ...base, score_club_dom: bad });
      expect(firstMessage(r)).toBe('Le score doit être un nombre entier entre 0 et 50.');
    }
  });

  it('lets the form field hold digits only', () => {
    expect(scoreFieldSchema.safeParse('7').success).toBe(true);
    expect(scoreFieldSchema.safeParse('50').success).toBe(true);
    for (const bad of ['', '51', '-1', '1.5', ' 2', 'a'])
      expect(scoreFieldSchema.safeParse(bad).success).toBe(false);
  });

  it('takes 8-character invite codes', () => {
    expect(miniLeagueJoinSchema.safeParse({ code: 'AB12CD34' }).success).toBe(true);
    expect(miniLeagueJoinSchema.safeParse({ code: 'AB12CD3' }).success).toBe(false);
  });
});

describe('operator schemas', () => {
  it('takes seasons as consecutive years', () => {
    expect(seasonSchema.safeParse('2026-2027').success).toBe(true);
    expect(seasonSchema.safeParse('2026-2028').success).toBe(false);
  });

  it('needs the kickoff within its season, 1 July to 30 June', () => {
    const match = { season: '2026-2027', journee: 1, club_dom_id: 1, club_ext_id: 2 };
    const outside =
      'Le coup d’envoi doit tomber dans la saison 2026-2027 (du 1er juillet 2026 au 30 juin 2027).';
    for (const kickoff of ['2026-07-01T00:00', '2027-06-30T23:59'])
      expect(adminMatchInputSchema.safeParse({ ...match, kickoff }).success, kickoff).toBe(true);
    for (const kickoff of ['2026-06-30T23:59', '2027-07-01T00:00', '2020-01-01T20:00']) {
      const r = adminMatchInputSchema.safeParse({ ...match, kickoff });
      expect(firstMessage(r), kickoff).toBe(outside);
      expect(r.error?.issues[0]?.path).toEqual(['kickoff']);
    }
  });

  it('needs a Paris local kickoff and two different clubs', () => {
    const match = {
      season: '2026-2027',
      journee: 1,
      kickoff: '2026-08-15T21:00',
      club_dom_id: 1,
      club_ext_id: 2,
    };
    expect(adminMatchInputSchema.safeParse(match).success).toBe(true);
    expect(
      firstMessage(adminMatchInputSchema.safeParse({ ...match, kickoff: '2026-08-15 21:00' })),
    ).toBe('Date invalide : format attendu AAAA-MM-JJTHH:mm (heure de Paris).');
    // Left empty (a half-filled field reaches the form as empty): asked for, not a format.
    const empty = adminMatchInputSchema.safeParse({ ...match, kickoff: '' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual([
      'Choisis la date et l’heure du coup d’envoi.',
    ]);
    expect(firstMessage(adminMatchInputSchema.safeParse({ ...match, club_ext_id: 1 }))).toBe(
      'Les deux clubs doivent être différents.',
    );
  });

  it('refuses a league table with a club or a position twice', () => {
    const row = { position: 1, club_id: 1, matchs_joues: 1, points: 3, diff_buts: 1 };
    const r = leagueTableInputSchema.safeParse({
      season: '2026-2027',
      rows: [row, { ...row, position: 2 }],
    });
    expect(r.success).toBe(false);
  });
});
