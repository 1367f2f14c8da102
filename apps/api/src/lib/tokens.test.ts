import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, tokenSigner } from './tokens.js';

const secret = 'un-secret-de-test-assez-long-pour-hs256-0123456789';
const claims = { sub: 42, role: 'UTILISATEUR' as const, sid: randomUUID() };
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

// The signer remembers tokens it verified: a second use must be judged exactly like the first.
describe('access tokens verified again', () => {
  it('accepts a token again within its lifetime and refuses it once expired', async () => {
    const signer = tokenSigner(secret);
    const issued = new Date('2026-06-01T12:00:00Z');
    const token = await signer.sign(claims, issued);
    expect(await signer.verify(token, at(issued, 1))).toEqual(claims);
    expect(await signer.verify(token, at(issued, 60))).toEqual(claims);
    expect(await signer.verify(token, at(issued, ACCESS_TOKEN_TTL_SECONDS))).toBeNull();
    // Forgotten once expired: still refused, by jose this time.
    expect(await signer.verify(token, at(issued, ACCESS_TOKEN_TTL_SECONDS + 5))).toBeNull();
  });

  it('refuses a remembered token at a time before its issue (clock set back)', async () => {
    const signer = tokenSigner(secret);
    const issued = new Date('2026-06-01T12:00:00Z');
    const token = await signer.sign(claims, issued);
    expect(await signer.verify(token, issued)).toEqual(claims);
    expect(await signer.verify(token, at(issued, -120))).toBeNull();
    expect(await signer.verify(token, at(issued, 10))).toEqual(claims);
  });

  it('never takes a changed token for a remembered one', async () => {
    const signer = tokenSigner(secret);
    const issued = new Date('2026-06-01T12:00:00Z');
    const token = await signer.sign(claims, issued);
    expect(await signer.verify(token, issued)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await signer.verify(`${header}.${payload}.${flipped}`, issued)).toBeNull();
    // Another secret's signer does not accept it, remembered elsewhere or not.
    expect(await tokenSigner(`${secret}-autre`).verify(token, issued)).toBeNull();
  });
});
