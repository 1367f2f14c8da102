import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';

describe('reference lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it.each(['/api/motifs-annulation', '/api/motifs-exclusion', '/api/motifs-signalement/profil'])(
    '%s lists {id,label} with Autre last',
    async (url) => {
      const reasons = (await get(url)) as { id: number; label: string }[];
      expect(reasons.length).toBeGreaterThan(1);
      expect(Object.keys(reasons[0]!).sort()).toEqual(['id', 'label']);
      expect(reasons.at(-1)!.label).toBe('Autre');
      expect(reasons.filter((r) => r.label === 'Autre')).toHaveLength(1);
    },
  );

  it('rejects an unknown report section with a French message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/motifs-signalement/inconnue' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Section inconnue.' });
  });

  it('lists transports, antennas with their category, news categories and departments', async () => {
    const transports = await get('/api/transport');
    expect(transports).toContainEqual({ id: 1, libelle: 'voiture' });
    const antennas = (await get('/api/antennes')) as { categorie: string }[];
    expect(antennas.length).toBeGreaterThan(0);
    expect(antennas[0]).toHaveProperty('categorie');
    const categories = (await get('/api/categorie-actualite')) as { libelle: string }[];
    expect(categories.map((c) => c.libelle)).toContain('AUTRE');
    const departments = (await get('/api/departements')) as { code: string; name: string }[];
    expect(departments).toContainEqual({ code: '06', name: 'Alpes-Maritimes' });
  });

  it('lists Monaco as a place right after the Alpes-Maritimes', async () => {
    const departments = (await get('/api/departements')) as { code: string; name: string }[];
    const at = departments.findIndex((d) => d.code === '06');
    expect(departments.slice(at, at + 3)).toEqual([
      { code: '06', name: 'Alpes-Maritimes' },
      { code: 'MC', name: 'Monaco' },
      { code: '07', name: 'Ardèche' },
    ]);
    expect(departments.filter((d) => d.code === 'MC')).toHaveLength(1);
  });
});
