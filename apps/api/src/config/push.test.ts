import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { isAllowedPushHost, vapidKeysOf } from './push.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'munegu-push-config-'));
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  DATABASE_URL: 'postgresql://munegu@db:5432/munegu',
};

function keyPair(ecdh = createECDH('prime256v1')) {
  const keys = vapidKeysOf(ecdh);
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

describe('web push configuration', () => {
  it('is off in production without keys, on with them', () => {
    const off = loadConfig({ ...production, DATA_DIR: dataDir() }).push;
    expect(off.vapid).toBeNull();
    expect(off.vapidSource).toBe('none');
    const keys = keyPair();
    const on = loadConfig({ ...production, ...keys, DATA_DIR: dataDir() }).push;
    expect(on.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:contact@munegu.local',
    });
  });

  it('keeps a private key that starts with a zero byte at 32 bytes (one key in 256)', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.concat([Buffer.alloc(1), randomBytes(31)]));
    expect(ecdh.getPrivateKey()).toHaveLength(31); // what Node gives
    const keys = keyPair(ecdh);
    expect(Buffer.from(keys.VAPID_PRIVATE_KEY, 'base64url')).toHaveLength(32);
    const on = loadConfig({ ...production, ...keys, DATA_DIR: dataDir() }).push;
    expect(on.vapid?.privateKey).toBe(keys.VAPID_PRIVATE_KEY);
  });

  it('outside production, generates a pair once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(first.vapidSource).toBe('generated');
    expect(Buffer.from(first.vapid!.publicKey, 'base64url')).toHaveLength(65);
    expect(loadConfig({ DATA_DIR: dir }).push.vapid).toEqual(first.vapid);
    expect(loadConfig({ DATA_DIR: dataDir() }).push.vapid!.publicKey).not.toBe(
      first.vapid!.publicKey,
    );
  });

  it('names the bad variable: half a pair, a wrong key, a bad subject', () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = keyPair();
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'http://x.fr' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });

  it('accepts exact push service hosts and .domain suffixes only', () => {
    const list = loadConfig({ DATA_DIR: dataDir() }).push.serviceHosts;
    expect(isAllowedPushHost('fcm.googleapis.com', list)).toBe(true);
    expect(isAllowedPushHost('FCM.googleapis.com', list)).toBe(true);
    expect(isAllowedPushHost('wns2-par02p.notify.windows.com', list)).toBe(true);
    expect(isAllowedPushHost('notify.windows.com', list)).toBe(false);
    expect(isAllowedPushHost('evil-notify.windows.com.attacker.test', list)).toBe(false);
    expect(isAllowedPushHost('fcm.googleapis.com.attacker.test', list)).toBe(false);
    expect(isAllowedPushHost('attackerfcm.googleapis.com', list)).toBe(false);
  });
});
