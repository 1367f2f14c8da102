import { describe, expect, it } from 'vitest';
import { isOtherReason } from './reference.js';
import { REPORT_TEXTS, reportCustomReasonSchema, reportRequestSchema } from './reports.js';

describe('reportRequestSchema', () => {
  it("defaults the section to 'profil'", () => {
    const r = reportRequestSchema.parse({ to: 3, motifId: 7 });
    expect(r).toEqual({ to: 3, motifId: 7, section: 'profil' });
  });
  it.each([{ motifId: 0 }, { motifId: 'abc' }, { motifId: 1.5 }, { section: 'inconnue' }])(
    'rejects %o with the motif message',
    (override) => {
      const r = reportRequestSchema.safeParse({ to: 3, motifId: 7, ...override });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(REPORT_TEXTS.invalidMotif);
    },
  );
});

describe('reportCustomReasonSchema', () => {
  it('keeps 10 to 255 characters after trim', () => {
    expect(reportCustomReasonSchema.parse('  Il insulte tout le monde  ')).toBe(
      'Il insulte tout le monde',
    );
    expect(reportCustomReasonSchema.safeParse('   court   ').success).toBe(false);
    expect(reportCustomReasonSchema.safeParse('x'.repeat(256)).success).toBe(false);
    expect(reportCustomReasonSchema.safeParse('x'.repeat(255)).success).toBe(true);
  });
  it('refuses forbidden text', () => {
    const r = reportCustomReasonSchema.safeParse('<img src=x onerror=alert(1)> abcdef');
    expect(r.error!.issues[0]!.message).toBe(REPORT_TEXTS.customReasonForbidden);
  });
});

it("'Autre' needs free text whatever its case", () => {
  expect(isOtherReason(' autre ')).toBe(true);
  expect(isOtherReason('AUTRE')).toBe(true);
  expect(isOtherReason('Spam ou publicité')).toBe(false);
  expect(isOtherReason(undefined)).toBe(false);
});
