import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scorePrediction, type Score } from './scoring.js';

const goals = fc.integer({ min: 0, max: 50 });
const score = fc.record({ dom: goals, ext: goals });
const swap = (s: Score): Score => ({ dom: s.ext, ext: s.dom });
const result = (s: Score) => Math.sign(s.dom - s.ext);

describe('scorePrediction', () => {
  it('gives the spec examples', () => {
    expect(scorePrediction({ dom: 2, ext: 1 }, { dom: 2, ext: 1 })).toBe(5);
    expect(scorePrediction({ dom: 3, ext: 2 }, { dom: 2, ext: 1 })).toBe(3);
    expect(scorePrediction({ dom: 1, ext: 1 }, { dom: 2, ext: 2 })).toBe(3);
    expect(scorePrediction({ dom: 3, ext: 0 }, { dom: 2, ext: 1 })).toBe(1);
    expect(scorePrediction({ dom: 0, ext: 1 }, { dom: 2, ext: 1 })).toBe(0);
    expect(scorePrediction({ dom: 1, ext: 1 }, { dom: 2, ext: 1 })).toBe(0);
  });

  it('only ever gives 0, 1, 3 or 5 points', () => {
    fc.assert(fc.property(score, score, (p, r) => [0, 1, 3, 5].includes(scorePrediction(p, r))));
  });

  it('gives 5 exactly when the score is exact', () => {
    fc.assert(fc.property(score, (s) => scorePrediction(s, s) === 5));
    fc.assert(
      fc.property(score, score, (p, r) =>
        scorePrediction(p, r) === 5 ? p.dom === r.dom && p.ext === r.ext : true,
      ),
    );
  });

  it('is symmetric when home and away are swapped in both scores', () => {
    fc.assert(
      fc.property(
        score,
        score,
        (p, r) => scorePrediction(swap(p), swap(r)) === scorePrediction(p, r),
      ),
    );
  });

  it('gives 0 exactly when the result (winner or draw) is wrong', () => {
    fc.assert(
      fc.property(
        score,
        score,
        (p, r) => (scorePrediction(p, r) === 0) === (result(p) !== result(r)),
      ),
    );
  });

  it('gives 3 for the right goal difference but not the exact score, 1 for a right result only', () => {
    fc.assert(
      fc.property(score, score, (p, r) => {
        fc.pre(result(p) === result(r) && (p.dom !== r.dom || p.ext !== r.ext));
        const sameDiff = p.dom - p.ext === r.dom - r.ext;
        return scorePrediction(p, r) === (sameDiff ? 3 : 1);
      }),
    );
  });

  it('never gives fewer points to a prediction closer in goal difference with the same result', () => {
    fc.assert(
      fc.property(score, score, fc.integer({ min: 0, max: 10 }), (p, r, shift) => {
        // Moving both goals by the same amount keeps the difference, hence the result too.
        const shifted = { dom: p.dom + shift, ext: p.ext + shift };
        return scorePrediction(shifted, r) >= Math.min(scorePrediction(p, r), 3);
      }),
    );
  });
});
