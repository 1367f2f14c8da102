import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@munegu/shared';
import { readErrorBody } from './errorBody';

// Bodies an API (or a proxy in front of it) may send, valid and not.
const BODIES: unknown[] = [
  { message: 'Ressource introuvable.', code: 'NOT_FOUND' },
  { message: 'Trop de tentatives', code: 'RATE_LIMITED', ttl: 42 },
  { message: 'Données invalides', errors: [{ path: 'email', message: 'x', extra: 1 }] },
  { message: 'Extra fields are dropped', stack: 'at …' },
  { message: '' },
  { message: 'Code inconnu', code: 'TEAPOT' },
  { message: 'Code null', code: null },
  { message: 'ttl décimal', ttl: 1.5 },
  { message: 'ttl texte', ttl: '42' },
  { message: 'errors pas un tableau', errors: { path: 'a', message: 'b' } },
  { message: 'errors incomplet', errors: [{ path: 'a' }] },
  { message: 'errors nul', errors: null },
  {
    message: 'Ton compte est banni : Spam.',
    code: 'SUSPENDED_ACCOUNT',
    suspension: { until: null, reason: 'Spam.', extra: 1 },
  },
  { message: 'Suspendu', suspension: { until: '2031-07-14T08:30:00.000Z', reason: null } },
  { message: 'Suspension incomplète', suspension: { until: null } },
  { message: 'Suspension fausse', suspension: { until: 3, reason: null } },
  { message: 'Suspension nulle', suspension: null },
  { message: 42 },
  { error: 'Bad Gateway' },
  '<html>502</html>',
  null,
  [],
  [{ message: 'tableau' }],
  42,
];

describe('readErrorBody', () => {
  it.each(BODIES.map((body) => [JSON.stringify(body), body]))(
    'reads %s as errorBodySchema does',
    (_label, body) => {
      const parsed = errorBodySchema.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data : null);
    },
  );

  it('keeps what the client shows: message, code, field errors and wait time', () => {
    expect(
      readErrorBody({
        message: 'Trop de tentatives',
        code: 'RATE_LIMITED',
        ttl: 42,
        errors: [{ path: 'email', message: 'x' }],
      }),
    ).toEqual({
      message: 'Trop de tentatives',
      code: 'RATE_LIMITED',
      ttl: 42,
      errors: [{ path: 'email', message: 'x' }],
    });
  });
});
