import { endpoints, type EndpointKey } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * The shared endpoint table (packages/shared/src/endpoints) is the contract the web client
 * calls with: the API must serve exactly its keys, each with its method, and nothing else
 * under /api besides the OpenAPI pages.
 */
describe('endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is what the API serves, method for method', () => {
    const served = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.endsWith('*'))
      .map((r) => `${r.method} ${r.url.slice('/api'.length)}`)
      .sort();
    expect(served).toEqual((Object.keys(endpoints) as EndpointKey[]).sort());
  });
});
