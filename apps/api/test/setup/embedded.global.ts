import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../src/db/embedded.js';
import { prepareDatabase } from '../helpers/database.js';
import './context.js';

/** One in-memory PGlite served on a local port for the whole run, migrated and seeded once. */
export default async function setup(project: TestProject) {
  const embedded = await startEmbeddedDatabase();
  await prepareDatabase(embedded.url);
  project.provide('dbMode', 'embedded');
  project.provide('adminUrl', '');
  project.provide('templateDb', '');
  project.provide('sharedUrl', embedded.url);
  return () => embedded.stop();
}
