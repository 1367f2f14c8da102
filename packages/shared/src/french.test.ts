import { describe, expect, it } from 'vitest';
import {
  busLabel,
  TRANSPORT_IDS,
  TRANSPORT_LABELS,
  transportLabelOf,
  transportLabelOfCode,
} from './carpool-constants.js';
import { plural, pluralWord } from './french.js';

describe('plural', () => {
  it('keeps the singular for 0 and 1, as French does', () => {
    expect(plural(0, 'point')).toBe('0 point');
    expect(plural(1, 'point')).toBe('1 point');
    expect(plural(1, 'membre')).toBe('1 membre');
    expect(plural(2, 'membre')).toBe('2 membres');
    expect(plural(17, 'supporter')).toBe('17 supporters');
  });

  it('takes an irregular plural and gives the word alone', () => {
    expect(plural(3, 'cheval', 'chevaux')).toBe('3 chevaux');
    expect(pluralWord(1, 'place')).toBe('place');
    expect(pluralWord(4, 'place')).toBe('places');
    expect(pluralWord(-1, 'point')).toBe('point');
  });
});

describe('transport labels', () => {
  it('gives one accented, capitalised label per mode', () => {
    expect(Object.values(TRANSPORT_LABELS)).toEqual([
      'En voiture',
      'En bus',
      'En train',
      'En avion',
      'À pied',
      'En recherche',
      'En covoiturage',
    ]);
    for (const label of Object.values(TRANSPORT_LABELS)) expect(label).toMatch(/^[A-ZÀ]/);
  });

  it('labels the reference rows by id, whatever their libellé', () => {
    expect(transportLabelOf(TRANSPORT_IDS.VOITURE, 'voiture')).toBe('En voiture');
    expect(transportLabelOf(TRANSPORT_IDS['A PIED'], 'a pied')).toBe('À pied');
    expect(transportLabelOf(TRANSPORT_IDS.RECHERCHE, 'en recherche')).toBe('En recherche');
    expect(transportLabelOf(99, 'trottinette')).toBe('Trottinette');
  });

  it('labels a mode by its code or libellé, and the bus with its branch', () => {
    expect(transportLabelOfCode('A PIED')).toBe('À pied');
    expect(transportLabelOfCode('a pied')).toBe('À pied');
    expect(transportLabelOfCode('en recherche')).toBe('En recherche');
    expect(transportLabelOfCode('COVOITURAGE')).toBe('En covoiturage');
    expect(busLabel('Antenne Nice')).toBe('En bus - Antenne Nice');
    expect(busLabel(null)).toBe('En bus - public');
  });
});
