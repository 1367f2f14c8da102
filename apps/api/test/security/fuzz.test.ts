import { endpoints, methodOf, pathOf, type EndpointSpec } from '@munegu/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetVariable,
  RATE_BUDGET_DEFAULTS,
  type RateBudgetName,
} from '../../src/config/rate-budgets.js';
import { freshIp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createUser } from '../helpers/factories.js';
import { arbitraryOf, asText, jsonSchemaOf, POLLUTING_KEYS } from './schema-arbitraries.js';

/**
 * Every route of the shared endpoint table, fuzzed from its own zod schemas (path parameters,
 * query and JSON body; see schema-arbitraries.ts) plus raw bodies no schema describes (deeply
 * nested, malformed, oversized, another content type, prototype-polluting keys). For each
 * route, FUZZ_RUNS requests (default 1 000) sent as an ADMIN, the highest role, so every
 * guard lets the request reach validation:
 *
 * - no answer is a 5xx;
 * - every 4xx is a JSON body with a French `message`;
 * - Object.prototype is never polluted;
 * - when a route accepted none of its requests, no table changed (row counts of every table
 *   but the login throttle and the request counters, which record refusals by design).
 *
 * Cost: app.inject, no socket; ≈ 150 routes × FUZZ_RUNS requests. FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Tables written on refusals by design: failed logins and request budgets. */
const REFUSAL_TABLES = new Set(['auth_throttles', 'rate_limit_counters']);
const ENGLISH =
  /\b(Invalid|expected|received|Required|Unrecognized|must|should|forbidden|Unexpected|Unsupported|Body|is not|too (big|small|long))\b/;

const ROUTES = Object.entries(endpoints as Record<string, EndpointSpec>).sort(([a], [b]) =>
  a.localeCompare(b),
);

let t: TestApp;
let tables: string[] = [];
const started = Date.now();
let sent = 0;

beforeAll(async () => {
  const budgets = Object.fromEntries(
    (Object.keys(RATE_BUDGET_DEFAULTS) as RateBudgetName[]).map((n) => [
      budgetVariable(n),
      '1000000/1m',
    ]),
  );
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', ...budgets } });
  tables = (
    await t.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
          AND table_name NOT LIKE '\\_prisma%'`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !REFUSAL_TABLES.has(name));
});
afterAll(async () => {
  await t?.close();
  const seconds = (Date.now() - started) / 1000;
  console.log(`fuzz: ${sent} requests on ${ROUTES.length} routes in ${seconds.toFixed(1)} s`);
});

async function rowCounts(): Promise<Record<string, number>> {
  const sql = tables
    .map((name) => `SELECT '${name}' AS name, count(*)::int AS n FROM "${name}"`)
    .join(' UNION ALL ');
  const rows = await t.db.$queryRawUnsafe<{ name: string; n: number }[]>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

interface Fuzzed {
  path: Record<string, unknown>;
  query: Record<string, unknown> | unknown;
  body: RawBody | { json: unknown };
}
type RawBody = { raw: string; type: string };

const NESTED = 20_000;
/** Bodies no schema describes: each must be a 4xx, never a crash. */
const RAW_BODIES: RawBody[] = [
  { raw: '['.repeat(NESTED) + ']'.repeat(NESTED), type: 'application/json' },
  { raw: '{"a":'.repeat(NESTED) + '1' + '}'.repeat(NESTED), type: 'application/json' },
  {
    raw: '{"a":'.repeat(2000) + '{"__proto__":{"polluted":true}}' + '}'.repeat(2000),
    type: 'application/json',
  },
  { raw: '{"constructor":{"prototype":{"polluted":true}}}', type: 'application/json' },
  { raw: '{"__proto__":{"polluted":true}}', type: 'application/json' },
  { raw: '{"a":', type: 'application/json' },
  { raw: '\u0000\u0001', type: 'application/json' },
  { raw: 'null', type: 'application/json' },
  { raw: '"texte"', type: 'application/json' },
  { raw: '1e999', type: 'application/json' },
  { raw: `{"x":"${'a'.repeat(1_100_000)}"}`, type: 'application/json' },
  { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { raw: '<x/>', type: 'application/xml' },
  { raw: '{}', type: 'text/plain' },
  { raw: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
];

function fuzzedOf(spec: EndpointSpec): fc.Arbitrary<Fuzzed> {
  const schemaArb = (schema: EndpointSpec['query']) =>
    schema ? arbitraryOf(jsonSchemaOf(schema)) : fc.constant({});
  const body: fc.Arbitrary<Fuzzed['body']> = fc.oneof(
    { weight: 6, arbitrary: schemaArb(spec.body ?? spec.query).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  return fc.record({
    path: schemaArb(spec.params).map(
      (v) => (v && typeof v === 'object' ? v : {}) as Record<string, unknown>,
    ),
    query: schemaArb(spec.query),
    body,
  });
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query))
    return `q=${encodeURIComponent(asText(query))}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value])
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(asText(one))}`);
  }
  return parts.join('&');
}

function urlOf(key: string, fuzzed: Fuzzed): string {
  const path = pathOf(key).replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(asText(fuzzed.path[name] ?? '1')).replace(/^(\.{1,2})?$/, 'x$1'),
  );
  const query = queryString(fuzzed.query);
  return `/api${path}${query ? `?${query}` : ''}`;
}

describe('schema fuzzing', () => {
  it('fuzzes every route of the endpoint table', () => {
    expect(ROUTES.length).toBeGreaterThan(120);
    expect(RUNS).toBeGreaterThan(0);
  });

  it.each(ROUTES)(
    '%s: no 5xx, French 4xx, nothing stored when refused',
    async (key, spec) => {
      const admin = await createUser(t.db, { role: 'ADMIN' });
      const headers = await bearer(t.app, { id: admin.id, role: 'ADMIN' }, t.clock);
      const before = await rowCounts();
      const statuses = new Map<number, number>();
      const method = methodOf(key);
      const withBody = method !== 'GET' && method !== 'DELETE';

      await fc.assert(
        fc.asyncProperty(fuzzedOf(spec), async (fuzzed) => {
          const body = fuzzed.body;
          const res = await t.app.inject({
            method,
            url: urlOf(key, fuzzed),
            remoteAddress: freshIp(),
            headers: {
              ...headers,
              ...(withBody
                ? { 'content-type': 'raw' in body ? body.type : 'application/json' }
                : {}),
            },
            ...(withBody
              ? { payload: 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null') }
              : {}),
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          for (const k of POLLUTING_KEYS.slice(0, 1))
            expect(({} as Record<string, unknown>).polluted, k).toBeUndefined();
          if (res.statusCode >= 400) {
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            const message = res.json().message as unknown;
            expect(typeof message).toBe('string');
            expect(message as string).not.toMatch(ENGLISH);
            expect(message as string).toMatch(/[a-zàâçéèêëîïôûùüÿœ]{2}/);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );

      const accepted = [...statuses].some(([status]) => status < 400);
      if (!accepted) expect(await rowCounts()).toEqual(before);
    },
    600_000,
  );
});
