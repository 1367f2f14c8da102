import type { TestProject } from 'vitest/node';
import {
  adminQuery,
  databaseUrl,
  DEFAULT_TEST_PG_URL,
  prepareDatabase,
  uniqueName,
} from '../helpers/database.js';
import './context.js';

/** Migrates and seeds one template database per run; test files copy it (CREATE DATABASE … TEMPLATE). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
  const template = uniqueName('munegu_tpl');
  await adminQuery(adminUrl, `CREATE DATABASE "${template}"`);
  await prepareDatabase(databaseUrl(adminUrl, template));
  project.provide('dbMode', 'pg');
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', template);
  project.provide('sharedUrl', '');
  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}
