import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

/** One POST a push service received from the app (RFC 8030), body still encrypted. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A self-signed certificate for `localhost`, made with openssl (as the e2e fake X provider). */
export function localhostCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'munegu-push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Listens on a port of this work's range (4760-4799), trying the next one when taken. */
async function listenInRange(server: Server): Promise<number> {
  for (let port = 4760 + Math.floor(Math.random() * 20); port < 4800; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error('no free port in 4760-4799 for the fake push service');
}

/**
 * A real HTTPS push service on localhost: records every push the app POSTs and answers 201,
 * or the status set for a subscription's path (410 Gone, 500…).
 */
export async function fakePushService() {
  const { key, cert } = localhostCertificate();
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '/';
      received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(p) ?? 201;
      res.end();
    });
  });
  const port = await listenInRange(server);
  return {
    ca: cert,
    host: 'localhost',
    received,
    /** The answer to the pushes of `endpoint` from now on. */
    answer(endpoint: string, status: number) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    /** A browser's subscription on this service: endpoint, keys, and how to read its pushes. */
    subscription() {
      return browserSubscription(`https://localhost:${port}/push/${randomUUID()}`);
    },
    pushesTo(endpoint: string) {
      const p = new URL(endpoint).pathname;
      return received.filter((r) => r.path === p);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePushService = Awaited<ReturnType<typeof fakePushService>>;

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
function browserSubscription(endpoint: string) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    json: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** Decrypts an aes128gcm push (RFC 8291) as the browser would, and parses its JSON. */
    read(push: ReceivedPush): unknown {
      const plain = ece.decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8'));
    },
  };
}

type Falsy = false | 0 | '' | null | undefined;

/** Polls until `check` gives a truthy value (pushes travel through the job queue), or fails. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  ms = 15_000,
): Promise<Exclude<T, Falsy>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, Falsy>;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
