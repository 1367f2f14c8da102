import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app.js';
import { localhostCertificate } from './push-service.js';

/**
 * A test app whose news fetches go to a fake X syndication provider on https://localhost: the
 * configuration lets localhost resolve to loopback (NEWS_FETCH_PRIVATE_HOSTS) and the fetch
 * trusts the provider's certificate. `answer` serves each request; `base` is the provider's own
 * origin, for the photo links it hands out. `env` adds to (or overrides) the app's variables.
 * `close()` closes the app, then the provider.
 */
export async function appWithNewsProvider(
  answer: (url: URL, res: ServerResponse<IncomingMessage>, base: string) => void,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const { key, cert } = localhostCertificate();
  const provider = createServer({ key, cert }, (req, res) =>
    answer(new URL(req.url!, 'http://x'), res, base()),
  );
  const base = () => `https://localhost:${(provider.address() as AddressInfo).port}`;
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const t = await createTestApp({
    env: {
      NEWS_PROVIDER_URL: base(),
      NEWS_FETCH_HOSTS: 'localhost',
      NEWS_FETCH_PRIVATE_HOSTS: 'localhost',
      ...env,
    },
    newsFetch: { ca: cert },
  });
  return {
    ...t,
    async close() {
      await t.close();
      await new Promise<void>((r) => provider.close(() => r()));
    },
  };
}
