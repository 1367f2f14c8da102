import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';

/** The shapes below are those the API logged during `pnpm bench drill-faults`. */
describe('database errors', () => {
  it('sees an outage through a failed raw query (Prisma P2010 with the adapter error in meta)', () => {
    const err = Object.assign(new Error('Raw query failed. Code: `57P01`.'), {
      code: 'P2010',
      meta: {
        driverAdapterError: {
          name: 'DriverAdapterError',
          cause: { originalCode: '57P01', kind: 'postgres', code: '57P01' },
        },
      },
    });
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('sees pg and Prisma connection failures, through cause chains', () => {
    expect(isDatabaseUnavailable({ code: '57P03' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'P1001' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('wrapped'), { cause: { code: 'ECONNREFUSED' } }),
      ),
    ).toBe(true);
  });

  it('does not take a wrong request for an outage', () => {
    const failedQuery = Object.assign(new Error('Raw query failed. Code: `23505`.'), {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { code: '23505', kind: 'postgres' } } },
    });
    expect(isDatabaseUnavailable(failedQuery)).toBe(false);
    expect(isDatabaseUnavailable({ code: 'P2002' })).toBe(false);
    expect(isUniqueViolation({ code: 'P2002' })).toBe(true);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
