import type { Db } from '../db/client.js';
import { seedClubs } from './clubs.js';
import { seedDemo } from './demo.js';
import { seedDepartments } from './departments.js';
import { seedReference } from './reference.js';

/** A demo login, printed by `pnpm db:seed --demo`. */
export interface DemoAccount {
  role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN';
  email: string;
  username: string;
  password: string;
}

export interface SeedOptions {
  /** Also write the demo season, news, contest and one account per role. */
  demo: boolean;
  /** The instant demo dates are computed from (tests pin it). Defaults to the current time. */
  now?: Date;
  log?: (line: string) => void;
}

/**
 * Writes the reference data (departments, clubs, statuses, transport types, antennas,
 * reasons, news categories) and, with `demo`, the demo data. Idempotent: every row is
 * upserted on a unique key, so running it again changes nothing (demo dates move with `now`).
 */
export async function seed(db: Db, opts: SeedOptions): Promise<{ demoAccounts: DemoAccount[] }> {
  const log = opts.log ?? (() => {});
  await seedDepartments(db);
  log('départements : ok');
  await seedClubs(db);
  log('clubs : ok');
  await seedReference(db);
  log('statuts, transports, antennes, motifs, catégories : ok');
  if (!opts.demo) return { demoAccounts: [] };
  const demoAccounts = await seedDemo(db, opts.now ?? new Date());
  log('données de démonstration : ok');
  return { demoAccounts };
}
