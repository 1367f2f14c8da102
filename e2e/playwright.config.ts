import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

// The product is started exactly as the README says (`npm start`), on its own port and with a
// fresh data folder (embedded database + demo data, mails written as files we can read).
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;
export const dataDir =
  process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'munegu-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one folder per run

// A fake X provider (fixtures/fake-x-provider.mjs) answers the news journey over https, with a
// throwaway CA it writes to xProvider.caFile before it reports healthy. Playwright starts the
// web servers in order and waits for each, so the CA exists when the app reads it at start-up.
// The app reaches it through its SSRF guard, told only that `localhost` may resolve privately.
const xPort = Number(process.env.E2E_X_PORT ?? port + 244); // 3443 next to the default 3199
const xDir = path.join(dataDir, 'fake-x-provider');
export const xProvider = {
  url: `https://localhost:${xPort}`,
  caFile: path.join(xDir, 'ca.pem'),
};

export default defineConfig({
  testDir: './specs',
  // The project's CI machine has run tests at twice a workstation's time: the budget allows
  // for it. A passing test is not slowed by it; a hung one fails a little later.
  timeout: 60_000,
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
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
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
  webServer: [
    {
      command: 'node fixtures/fake-x-provider.mjs',
      cwd: import.meta.dirname,
      url: `${xProvider.url}/health`,
      ignoreHTTPSErrors: true,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { E2E_X_PORT: String(xPort), E2E_X_DIR: xDir },
    },
    {
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
        NEWS_PROVIDER_URL: xProvider.url,
        NEWS_FETCH_HOSTS: 'localhost',
        NEWS_FETCH_PRIVATE_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: xProvider.caFile,
        // One address (this runner) signs up every spec's new members, registers on coaches in
        // several specs, and opens page after page from several browsers at once: the operators'
        // budgets per address and per member would refuse the run's later specs (a 429 on
        // /users/me shows a signed-in page as a visitor's). Their limits are the API suite's to
        // test (config/rate-budgets.ts, the rate-limit, trips and accounts tests).
        RATE_LIMIT_PER_MINUTE: '100000',
        RATE_LIMIT_REGISTRATION: '500/1h',
        RATE_LIMIT_TRIP_REGISTRATION: '500/1h',
        // A browser cannot move the server's clock past the 10 minutes a moved kickoff is held
        // for: announced at once here, the hold is the API suite's (kickoff-notice.test.ts).
        KICKOFF_ANNOUNCE_DELAY_MINUTES: '0',
      },
    },
  ],
});
