import { request as httpRequest } from 'node:http';
import { BAD_TEXT_MESSAGE } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createUser } from '../helpers/factories.js';

/**
 * NUL bytes and lone surrogates are bad input, never a 500. The cases are generated from the
 * route table as the OpenAPI document publishes it (every route, its path and query parameters
 * and its JSON body's fields), so a new route is covered without touching this file.
 */
interface Field {
  in: 'path' | 'query' | 'body';
  name: string;
}
interface Route {
  method: string;
  path: string;
  fields: Field[];
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let t: TestApp;
let routes: Route[] = [];
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await bearer(t.app, await createUser(t.db, { role: 'ADMIN' }), t.clock);
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const fields: Field[] = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({ in: p.in as 'path' | 'query', name: p.name }));
      const json = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const name of Object.keys(json)) fields.push({ in: 'body', name });
      return { method: method.toUpperCase(), path, fields };
    }),
  );
});
afterAll(() => t.close());

const BAD = { nul: 'a\u0000b', surrogate: 'a\ud800b' } as const;

function requestFor(route: Route, target: Field, bad: string) {
  let url = route.path;
  const query = new URLSearchParams();
  const body: Record<string, string> = {};
  for (const field of route.fields) {
    const value = field === target ? bad : '1';
    if (field.in === 'path') url = url.replace(`{${field.name}}`, encodeURIComponent(value));
    else if (field.in === 'query') query.set(field.name, value);
    else body[field.name] = value;
  }
  url = url.replace(/\{[^}]+\}/g, '1');
  const qs = query.toString();
  return {
    method: route.method as 'GET',
    url: qs ? `${url}?${qs}` : url,
    // A body whenever the route declares one (DELETE /push/subscriptions names its endpoint).
    ...(route.fields.some((f) => f.in === 'body') ? { payload: body } : {}),
  };
}

const ENGLISH = /Invalid|expected|received|Required|Unrecognized/;

describe('bad bytes in every parameter of every route', () => {
  it('the route table is read', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const kind of ['nul', 'surrogate'] as const) {
    it(`answers ${kind} strings with a 4xx and a French message, anonymous or admin`, async () => {
      let cases = 0;
      for (const route of routes) {
        for (const field of route.fields) {
          for (const headers of [{}, admin]) {
            // A lone surrogate cannot travel in a URL (it is not UTF-8): its bytes are sent.
            const bad = field.in !== 'body' && kind === 'surrogate' ? BAD.nul : BAD[kind];
            const res = await t.app.inject({ ...requestFor(route, field, bad), headers });
            cases++;
            const where = `${route.method} ${route.path} ${field.in}.${field.name}`;
            expect(res.statusCode, where).toBeLessThan(500);
            expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            const body = res.json() as {
              message?: string;
              errors?: { path: string; message: string }[];
            };
            expect(body.message, where).toEqual(expect.any(String));
            expect(body.message, where).not.toMatch(ENGLISH);
            // Once past authentication, the field itself is named as the culprit.
            if (res.statusCode === 400 && body.errors) {
              const path =
                field.in === 'body'
                  ? field.name
                  : `${field.in === 'path' ? 'params' : 'querystring'}.${field.name}`;
              expect(body.errors, where).toContainEqual({ path, message: BAD_TEXT_MESSAGE });
            }
          }
        }
      }
      expect(cases).toBeGreaterThan(100);
    });
  }

  it('answers the five requests of the review with 400', async () => {
    const cases = [
      { url: '/api/users/check-username?username=a%00b' },
      { url: '/api/users/by-username/a%00b' },
      { url: '/api/users/search?q=a%00b', headers: admin },
      {
        method: 'POST' as const,
        url: '/api/user-pronostic-match/mes-pronos',
        payload: { username: 'a\u0000b' },
        headers: admin,
      },
      {
        method: 'POST' as const,
        url: '/api/mini-leagues',
        payload: { name: 'x\ud800' },
        headers: admin,
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().message, c.url).toBe(BAD_TEXT_MESSAGE);
    }
  });
});

describe('errors before routing and untranslated messages', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a malformed URL in the JSON format', async () => {
    const res = await fetch(`${base}/api/%zz`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Adresse de la requête invalide.',
      code: 'VALIDATION',
    });
  });

  it('answers oversized headers with a JSON 431', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${base}/api/health`,
          { headers: { 'x-big': 'a'.repeat(20_000) } },
          (res) => {
            let data = '';
            res.on('data', (c) => (data += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(status).toBe(431);
    expect(JSON.parse(body)).toMatchObject({ message: 'En-têtes de la requête trop volumineux.' });
  });

  it('answers malformed JSON and missing fields in French', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).not.toMatch(ENGLISH);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/mini-leagues',
      payload: {},
      headers: admin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toMatch(ENGLISH);
  });
});
