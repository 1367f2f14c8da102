import { describe, expect, it } from 'vitest';
import { formatRating } from './rating';

describe('formatRating: one decimal, French comma, the same everywhere', () => {
  it.each([
    [4.75, '4,8/5'],
    [4.5, '4,5/5'],
    [4.45, '4,5/5'],
    [4.44, '4,4/5'],
    [4.04, '4/5'],
    [4, '4/5'],
    [5, '5/5'],
    [0.5, '0,5/5'],
    [3.333333, '3,3/5'],
  ])('%s reads %s', (note, text) => {
    expect(formatRating(note)).toBe(text);
  });
});
