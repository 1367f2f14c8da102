import { createECDH, type ECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Web push settings (modules/push). The browsers' push services are the only hosts the server
 * ever POSTs notifications to; a subscription naming another host is refused.
 */
export const pushEnvShape = {
  /** VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); both or none. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who push services may contact about our notifications: mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'attendu mailto:adresse ou une URL https')
    .optional(),
  /** Push services accepted in subscriptions: exact hosts, or '.suffix' for a whole domain. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,.notify.windows.com',
    ),
  /** How long a push service keeps an undelivered notification (seconds). */
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(86_400),
  /** Deadline of one request to a push service. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Attempts after the first when a push service fails (5xx, 429, network); backoff doubles. */
  PUSH_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** Delivery workers per instance. */
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * Notifications one worker takes each time it polls the queue (every 2 s) and sends side by
   * side: PUSH_CONCURRENCY × PUSH_BATCH_SIZE per poll (20 → 10 per second).
   */
  PUSH_BATCH_SIZE: z.coerce.number().int().min(1).max(50).default(5),
  /** Devices one member may subscribe; the oldest subscription goes when one more arrives. */
  PUSH_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(100).default(10),
};

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushConfig {
  /** null: push is off (production without keys); the app logs it once at start. */
  vapid: VapidKeys | null;
  /** Where the keys came from, for that log line. */
  vapidSource: 'env' | 'generated' | 'none';
  serviceHosts: string[];
  ttlSeconds: number;
  timeoutMs: number;
  retryLimit: number;
  maxSubscriptions: number;
  concurrency: number;
  batchSize: number;
}

type PushEnv = z.infer<z.ZodObject<typeof pushEnvShape>>;

export class PushConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(detail);
  }
}

const decodedLength = (key: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(key) ? Buffer.from(key, 'base64url').length : -1;

/**
 * A VAPID pair from `ecdh` (keys generated here when it has none). The private key is always
 * 32 bytes: Node gives it without its leading zero bytes (one key in 256), which web push and
 * the VAPID_PRIVATE_KEY check refuse.
 */
export function vapidKeysOf(ecdh: ECDH): { publicKey: string; privateKey: string } {
  if (!hasPrivateKey(ecdh)) ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
}

function hasPrivateKey(ecdh: ECDH): boolean {
  try {
    ecdh.getPrivateKey();
    return true;
  } catch {
    return false;
  }
}

/**
 * Outside production a key pair is generated once and kept in DATA_DIR (like the JWT secret),
 * so `npm start` has working notifications without anyone generating keys; browsers keep
 * their subscriptions across restarts because the key does not change.
 */
function persistedVapid(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = vapidKeysOf(createECDH('prime256v1'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export function pushConfig(
  e: PushEnv,
  opts: { production: boolean; dataDir: string; contactEmail: string },
): PushConfig {
  const hasPublic = !!e.VAPID_PUBLIC_KEY;
  if (hasPublic !== !!e.VAPID_PRIVATE_KEY) {
    throw new PushConfigError(
      hasPublic ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      ': VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY vont ensemble (npx web-push generate-vapid-keys).',
    );
  }
  if (hasPublic && decodedLength(e.VAPID_PUBLIC_KEY!) !== 65)
    throw new PushConfigError(
      'VAPID_PUBLIC_KEY',
      ': attendu une clé P-256 non compressée (65 octets en base64url).',
    );
  if (hasPublic && decodedLength(e.VAPID_PRIVATE_KEY!) !== 32)
    throw new PushConfigError(
      'VAPID_PRIVATE_KEY',
      ': attendu une clé privée P-256 (32 octets en base64url).',
    );
  const subject = e.VAPID_SUBJECT ?? `mailto:${opts.contactEmail}`;
  const vapidSource = hasPublic ? 'env' : opts.production ? 'none' : 'generated';
  const keys =
    vapidSource === 'env'
      ? { publicKey: e.VAPID_PUBLIC_KEY!, privateKey: e.VAPID_PRIVATE_KEY! }
      : vapidSource === 'generated'
        ? persistedVapid(opts.dataDir)
        : null;
  return {
    vapid: keys ? { ...keys, subject } : null,
    vapidSource,
    serviceHosts: e.PUSH_SERVICE_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    ttlSeconds: e.PUSH_TTL_SECONDS,
    timeoutMs: e.PUSH_TIMEOUT_MS,
    retryLimit: e.PUSH_RETRY_LIMIT,
    maxSubscriptions: e.PUSH_MAX_SUBSCRIPTIONS,
    concurrency: e.PUSH_CONCURRENCY,
    batchSize: e.PUSH_BATCH_SIZE,
  };
}

/** True when `host` is listed exactly, or falls under a '.suffix' entry of the list. */
export function isAllowedPushHost(host: string, list: string[]): boolean {
  const h = host.toLowerCase();
  return list.some((entry) =>
    entry.startsWith('.') ? h.endsWith(entry) && h.length > entry.length : h === entry,
  );
}
