// Prisma CLI configuration. The schema engine runs as WebAssembly through the pg driver
// adapter because Prisma's native engines cannot be downloaded on our machines (see
// docs/ARCHITECTURE.md, "Database"). DATABASE_URL is required for commands that touch a
// database (migrate deploy/status); `generate` and `migrate diff --from/--to-schema-datamodel`
// work without one.
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is required for this Prisma command');
    return new PrismaPg({ connectionString });
  },
});
