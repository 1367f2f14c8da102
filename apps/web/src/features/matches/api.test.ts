import { describe, expect, it } from 'vitest';
import { isMonaco, matchTitle } from './api';
import { opponentName, pastMatchLabel } from '../predictions/api';

const m = (ordre: number, is_finish: boolean, edit_pronostic: boolean) => ({
  ordre,
  is_finish,
  edit_pronostic,
});

describe('matchTitle', () => {
  it('names the first slide by its state and the others MATCH À VENIR', () => {
    expect(matchTitle(m(1, false, true), 0)).toBe('PROCHAIN MATCH');
    expect(matchTitle(m(1, false, false), 0)).toBe('MATCH EN COURS');
    expect(matchTitle(m(1, true, false), 0)).toBe('MATCH TERMINÉ');
    expect(matchTitle(m(2, false, true), 1)).toBe('MATCH À VENIR');
  });
});

describe('opponent of AS Monaco', () => {
  const club = (id: number, nom: string) => ({ id, nom, logo: '' });
  const past = (dom: ReturnType<typeof club>, ext: ReturnType<typeof club>) => ({
    id: 1,
    journee: 11,
    date: '2025-10-05T15:00:00Z',
    club_dom: dom,
    club_ext: ext,
    buts_dom: 1,
    buts_ext: 0,
    prono_scores_exacts: 0,
    prono_bons_resultats_diff: 0,
    prono_bons_resultats: 0,
    prono_mauvais_resultats: 0,
  });

  it('is found by club id 1 or by name', () => {
    expect(isMonaco(club(1, 'ASM'))).toBe(true);
    expect(isMonaco(club(9, 'AS MONACO FC'))).toBe(true);
    expect(pastMatchLabel(past(club(4, 'OGC Nice'), club(1, 'AS Monaco')))).toBe('J11 - OGC Nice');
    expect(opponentName(past(club(4, 'OGC Nice'), club(5, 'RC Lens')))).toBe('Adversaire inconnu');
  });
});
