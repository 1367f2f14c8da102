/**
 * `pnpm bench seed <members> [dbname]`: creates (or refuses to reuse) a database, applies the
 * migrations and fills it with tools/generators/scale.ts for `members` members, to try the app or a
 * query at scale. The database is kept; drop it with `dropdb <dbname>` when done.
 *
 * Server: BENCH_PG_URL, else TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * dbname defaults to munegu_scale_<members>. An existing database is never touched: pick
 * another name or drop it first.
 */
import { performance } from 'node:perf_hooks';
import { migrate } from '@munegu/api/public';
import { adminSql, adminUrl, databaseUrl, pg } from './lib/pg.js';
import { fillScale, rowCounts } from '@munegu/tools/scale';

async function main() {
  const [sizeArg, nameArg] = process.argv.slice(2);
  const usage = 'usage: pnpm bench seed <members (≥ 10)> [dbname]';
  if (sizeArg === '--help' || sizeArg === '-h') {
    console.log(usage);
    return;
  }
  const members = Number(sizeArg);
  if (!Number.isInteger(members) || members < 10) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const name = nameArg ?? `munegu_scale_${members}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    console.error(`dbname: lower-case letters, digits and _ only (got '${name}')`);
    process.exitCode = 2;
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]))
    .rowCount;
  await admin.end();
  if (exists) {
    console.error(`database ${name} already exists: drop it (dropdb ${name}) or pick another name`);
    process.exitCode = 1;
    return;
  }
  await adminSql(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = performance.now();
    const seed = await fillScale(client, { members });
    console.log(`filled ${name} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    console.log(await rowCounts(client));
    console.log(
      `long thread: conversation ${seed.longThread} between membre1 and membre2; next score ` +
        `entry: match ${seed.nextMatch.id} (round ${seed.nextMatch.journee}). The seeded members ` +
        `have no usable password: create an account to sign in with (pnpm user create).`,
    );
    console.log(`DATABASE_URL=${url}`);
  } catch (err) {
    // A half-filled database would only mislead: it goes, the error is reported.
    await client.end().catch(() => {});
    await adminSql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw err;
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
