import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and the OWASP minimum parameters', async () => {
    const hash = await hashPassword('Secret#2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Same#Pass1'), hashPassword('Same#Pass1')]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('Secret#2026');
    expect(await verifyPassword('Secret#2026', hash)).toBe(true);
    expect(await verifyPassword('secret#2026', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('answers false instead of throwing on a malformed hash', async () => {
    expect(await verifyPassword('Secret#2026', 'not-a-hash')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });

  it('flags hashes made with weaker parameters', async () => {
    const { default: argon2 } = await import('argon2');
    const weak = await argon2.hash('Secret#2026', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
    });
    expect(needsRehash(weak)).toBe(true);
    expect(await verifyPassword('Secret#2026', weak)).toBe(true);
  });
});
