import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

export interface DbOptions {
  connectionString: string;
  /** Pool size. The embedded database serialises everything onto one session, so it gets 1. */
  max?: number;
}

/**
 * The one way the API, the CLI and the tests open Prisma: the pg driver adapter with the
 * WebAssembly query compiler (no native engine to download, see docs/ARCHITECTURE.md).
 */
export function createDb({ connectionString, max = 10 }: DbOptions): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
}
