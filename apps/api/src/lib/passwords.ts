import argon2 from 'argon2';

/**
 * argon2id with the OWASP minimum parameters (19 MiB, 2 passes, 1 lane): about 30 ms per hash
 * here, slow enough for a stolen table, fast enough for a login. The parameters travel in the
 * encoded hash, so raising them later only needs `needsRehash` at the next successful login.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Returns the encoded argon2id hash ('$argon2id$v=19$m=19456,t=2,p=1$...'). */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when `password` matches `hash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when `hash` was made with weaker parameters than today's and should be replaced. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
  } catch {
    return true;
  }
}
