import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The product is started exactly as the README says (`npm start`), on its own port and with a
// fresh data folder (embedded database + demo data, mails written as files we can read).
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;
export const dataDir =
  process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'munegu-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one folder per run

// Debian's Chromium: Playwright's own browser download cannot work on these machines.
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'npm start',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEMO_DATA: 'true',
    },
  },
});
