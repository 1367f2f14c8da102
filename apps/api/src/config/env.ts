import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../lib/paths.js';

/** Environment booleans: only these spellings, so a typo is an error rather than `false`. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Munegu <no-reply@munegu.local>'),
  CONTACT_EMAIL: z.email().default('contact@munegu.local'),
  JWT_SECRET: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
  DEMO_DATA: bool.optional(),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Passed to Fastify's trustProxy: true/false, a hop count, or a list of addresses. */
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z.url().optional(),
  ASSOCIATION_NAME: z.string().min(1).default('Munegu'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absent: the embedded PGlite database is started under dataDir/pglite. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  jwtSecret: string;
  demoData: boolean;
  webDist: string;
  logLevel: string;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  redisUrl: string | undefined;
  associationName: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuration invalide : ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** 'true'/'false', a number of proxy hops to trust, or a list of addresses/CIDRs. */
function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw;
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR so sessions survive a
 * restart without anyone having to invent a secret to try the product.
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (as left by `VAR=` in an .env file) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? '?'), `: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET', 'est obligatoire en production (au moins 32 caractères).');
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? '.data');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    associationName: e.ASSOCIATION_NAME,
  };
}
