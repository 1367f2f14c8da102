// Pure geometry: no database, no app (the suite's global database setup is not used here).
import { MONACO_MAP_POINT } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import data from './department-centroids.json' with { type: 'json' };
import {
  DEFAULT_DETOUR_RULE,
  detourKm,
  distanceKm,
  isSmallDetour,
  rankSuggestions,
} from './detour.js';

const CODES = Object.keys(data.centroids).sort();

describe('department centroids', () => {
  it('covers the 96 metropolitan departments (Corsica as 2A/2B), Monaco and no overseas one', () => {
    expect(CODES).toHaveLength(97);
    expect(CODES).toEqual(expect.arrayContaining(['01', '2A', '2B', '06', '75', '95', 'MC']));
    for (const code of ['20', '971', '972', '973', '974', '976']) {
      expect(CODES).not.toContain(code);
    }
  });

  it('lies inside the map viewBox (0 0 613 585)', () => {
    for (const [x, y] of Object.values(data.centroids)) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(613);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(585);
    }
  });
});

describe('Monaco (MC)', () => {
  it('is the point the web map draws, on the coast east of the 06 centroid', () => {
    expect(data.centroids.MC).toEqual([...MONACO_MAP_POINT]);
    const [x = NaN, y = NaN] = data.centroids.MC;
    const [x06 = NaN, y06 = NaN] = data.centroids['06'];
    expect(x).toBeGreaterThan(x06);
    expect(y).toBeGreaterThan(y06);
  });

  it('lies about 30 km from the 06 centroid and 180 km from Marseille (13)', () => {
    expect(distanceKm('MC', '06')).toBeGreaterThan(20);
    expect(distanceKm('MC', '06')).toBeLessThan(40);
    expect(Math.abs(distanceKm('MC', '13')! - 180) / 180).toBeLessThan(0.15);
  });

  it('takes part in the detour rule like a department', () => {
    // Away match in Marseille: a driver from Monaco passes through the 06 on the way.
    expect(isSmallDetour('MC', '06', '13')).toBe(true);
    // A driver from the 06 would have to go back east to fetch a member in Monaco.
    expect(isSmallDetour('06', 'MC', '13')).toBe(false);
    const [suggested] = rankSuggestions([{ departement_depart: 'MC' }], '83', '13');
    expect(suggested).toEqual({ departement_depart: 'MC', detour_km: expect.any(Number) });
    expect(suggested!.detour_km).toBeLessThan(10);
  });
});

describe('distanceKm', () => {
  it('puts Paris (75) within 10 % of 660 km from Marseille (13)', () => {
    const d = distanceKm('75', '13')!;
    expect(Math.abs(d - 660) / 660).toBeLessThan(0.1);
  });

  it('matches a few other known straight-line distances within 15 %', () => {
    const known: Array<[string, string, number]> = [
      ['29', '67', 880], // Brest–Strasbourg
      ['75', '69', 392], // Paris–Lyon
      ['13', '06', 160], // Marseille–Nice
      ['75', '33', 500], // Paris–Bordeaux
    ];
    for (const [a, b, km] of known) {
      expect(Math.abs(distanceKm(a, b)! - km) / km, `${a}–${b}`).toBeLessThan(0.15);
    }
  });

  it('is zero to itself and symmetric for every pair', () => {
    for (const a of CODES) {
      expect(distanceKm(a, a)).toBe(0);
      for (const b of CODES) {
        expect(distanceKm(a, b)).toBe(distanceKm(b, a));
      }
    }
  });

  it('is null for unknown or overseas codes and for codes with the FR- prefix', () => {
    expect(distanceKm('75', '974')).toBeNull();
    expect(distanceKm('971', '75')).toBeNull();
    expect(distanceKm('99', '75')).toBeNull();
    expect(distanceKm('20', '2A')).toBeNull();
    expect(distanceKm('FR-75', '13')).toBeNull();
    expect(distanceKm('', '13')).toBeNull();
    expect(distanceKm('toString', '13')).toBeNull();
  });
});

describe('detourKm', () => {
  it('is null when any department has no centroid', () => {
    expect(detourKm('974', '13', '06')).toBeNull();
    expect(detourKm('13', '974', '06')).toBeNull();
    expect(detourKm('13', '83', '974')).toBeNull();
  });

  it('is never negative (triangle inequality) over every driver/member/stadium triple', () => {
    let min = Infinity;
    for (const driver of CODES) {
      for (const member of CODES) {
        for (const stadium of CODES) {
          const d = detourKm(driver, member, stadium)!;
          if (d < min) min = d;
        }
      }
    }
    expect(min).toBeGreaterThanOrEqual(-0.01);
  });

  it('is zero when the member lives on the straight line (own or stadium department)', () => {
    expect(detourKm('13', '06', '06')).toBeCloseTo(0, 9);
    expect(detourKm('13', '13', '06')).toBeCloseTo(0, 9);
  });
});

describe('isSmallDetour with the default rule', () => {
  it('exports the default rule', () => {
    expect(DEFAULT_DETOUR_RULE).toEqual({ maxKm: 60, maxRatio: 0.25 });
  });

  it('rejects Var (83) → Alpes-Maritimes (06) through Bouches-du-Rhône (13), west of 83', () => {
    expect(detourKm('83', '13', '06')!).toBeGreaterThan(100);
    expect(isSmallDetour('83', '13', '06', DEFAULT_DETOUR_RULE)).toBe(false);
  });

  it('accepts Bouches-du-Rhône (13) → Alpes-Maritimes (06) through Var (83), on the way', () => {
    expect(detourKm('13', '83', '06')!).toBeLessThan(30);
    expect(isSmallDetour('13', '83', '06', DEFAULT_DETOUR_RULE)).toBe(true);
  });

  it('Paris (75) → Alpes-Maritimes (06) through the Rhône (69): a few km, accepted', () => {
    const d = detourKm('75', '69', '06')!;
    expect(d).toBeGreaterThan(0);
    expect(d).toBeLessThan(DEFAULT_DETOUR_RULE.maxKm);
    expect(isSmallDetour('75', '69', '06', DEFAULT_DETOUR_RULE)).toBe(true);
    // A stricter rule turns it down.
    expect(isSmallDetour('75', '69', '06', { maxKm: 1, maxRatio: 0.25 })).toBe(false);
  });

  it('never suggests a driver from the member’s own department', () => {
    expect(isSmallDetour('13', '13', '06', DEFAULT_DETOUR_RULE)).toBe(false);
    expect(isSmallDetour('06', '06', '06', DEFAULT_DETOUR_RULE)).toBe(false);
  });

  it('never suggests a driver from the stadium’s department to a member elsewhere', () => {
    expect(isSmallDetour('06', '83', '06', DEFAULT_DETOUR_RULE)).toBe(false);
  });

  it('applies both limits: kilometres and the share of the direct distance', () => {
    const detour = detourKm('13', '83', '06')!;
    const direct = distanceKm('13', '06')!;
    // Just enough on both sides.
    expect(isSmallDetour('13', '83', '06', { maxKm: detour, maxRatio: detour / direct })).toBe(
      true,
    );
    // Either limit alone too low refuses.
    expect(isSmallDetour('13', '83', '06', { maxKm: detour - 0.1, maxRatio: 1 })).toBe(false);
    expect(isSmallDetour('13', '83', '06', { maxKm: 1000, maxRatio: detour / direct - 0.01 })).toBe(
      false,
    );
  });

  it('is false with unknown departments', () => {
    expect(isSmallDetour('974', '83', '06', DEFAULT_DETOUR_RULE)).toBe(false);
    expect(isSmallDetour('13', '974', '06', DEFAULT_DETOUR_RULE)).toBe(false);
    expect(isSmallDetour('13', '83', '974', DEFAULT_DETOUR_RULE)).toBe(false);
  });
});

describe('rankSuggestions', () => {
  it('keeps the small detours, smallest first, with detour_km rounded', () => {
    const drivers = [
      { id: 'a', departement_depart: '83' }, // member's own department: never
      { id: 'b', departement_depart: '13' }, // on the way: small
      { id: 'c', departement_depart: '974' }, // no centroid
      { id: 'd', departement_depart: '2B' }, // across the sea, far off the way
      { id: 'e', departement_depart: '84' }, // Vaucluse, roughly on the way
    ];
    const result = rankSuggestions(drivers, '83', '06', DEFAULT_DETOUR_RULE);
    const ids = result.map((r) => r.id);
    expect(ids).toContain('b');
    expect(ids).not.toContain('a');
    expect(ids).not.toContain('c');
    expect(ids).not.toContain('d');
    for (const r of result) {
      expect(Number.isInteger(r.detour_km)).toBe(true);
      expect(r.detour_km).toBe(Math.round(detourKm(r.departement_depart, '83', '06')!));
      expect(r.detour_km).toBeLessThanOrEqual(DEFAULT_DETOUR_RULE.maxKm);
    }
    const detours = result.map((r) => r.detour_km);
    expect(detours).toEqual([...detours].sort((x, y) => x - y));
    // The input is not modified.
    expect(drivers[1]).toEqual({ id: 'b', departement_depart: '13' });
  });

  it('returns an empty list when nobody fits', () => {
    expect(rankSuggestions([], '83', '06', DEFAULT_DETOUR_RULE)).toEqual([]);
    expect(
      // Brest (29) → Nice (06) through the Nord (59): hundreds of km out of the way.
      rankSuggestions([{ departement_depart: '29' }], '59', '06', DEFAULT_DETOUR_RULE),
    ).toEqual([]);
  });
});
