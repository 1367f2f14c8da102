// Reference data (and, with --demo, demo data) for the database at DATABASE_URL:
//   DATABASE_URL=postgresql://... pnpm db:seed [--demo]
// Idempotent: safe to run after every deploy. Prints the demo logins when --demo is given.
import { parseArgs } from 'node:util';
import { createDb } from '../db/client.js';
import { seed } from '../seed/index.js';

async function main(): Promise<void> {
  let demo = false;
  try {
    ({
      values: { demo = false },
    } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { demo: { type: 'boolean' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage : pnpm db:seed [--demo]`);
    process.exit(2);
  }
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    console.error(
      'DATABASE_URL doit être défini.\nUsage : DATABASE_URL=postgresql://... pnpm db:seed [--demo]',
    );
    process.exit(1);
  }
  const db = createDb({ connectionString, max: 1 });
  try {
    const { demoAccounts } = await seed(db, { demo, log: (line) => console.log(line) });
    if (demoAccounts.length > 0) {
      console.log('\nComptes de démonstration (ACTIFS) :');
      for (const a of demoAccounts) {
        console.log(
          `  ${a.role.padEnd(11)} ${a.email.padEnd(30)} ${a.username.padEnd(16)} ${a.password}`,
        );
      }
    }
  } finally {
    await db.$disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
