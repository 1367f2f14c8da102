import { expect, it } from 'vitest';
import { byFrenchName } from './french-order.js';

it('sorts names as a French reader expects, not by bytes', () => {
  const names = [
    'Stade 29',
    'LOSC Lille',
    'AS Monaco',
    'Le Havre AC',
    'Évian',
    'Angers SCO',
    'Stade 3',
  ];
  expect(
    names
      .map((name) => ({ name }))
      .sort(byFrenchName)
      .map((c) => c.name),
  ).toEqual([
    'Angers SCO',
    'AS Monaco',
    'Évian',
    'Le Havre AC',
    'LOSC Lille',
    'Stade 3',
    'Stade 29',
  ]);
});
