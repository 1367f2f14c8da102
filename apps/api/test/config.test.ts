import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'munegu-config-'));

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: 'not a url', DATA_DIR: dataDir() })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DEMO_DATA: 'peut-être', DATA_DIR: dataDir() })).toThrow(ConfigError);
  });

  it('reads route budgets and schedules, naming the variable of a bad one', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      RATE_LIMIT_REGISTRATION: '50/2h',
      RATE_LIMIT_PASSWORD_RESET_REQUEST: '30/90s',
      SCHEDULE_ACCOUNTS: '0 4 * * *',
    });
    expect(c.rateBudgets.registration).toEqual({ max: 50, timeWindow: 7_200_000 });
    expect(c.rateBudgets.passwordResetRequest).toEqual({ max: 30, timeWindow: 90_000 });
    expect(c.rateBudgets.contact).toEqual({ max: 5, timeWindow: 600_000 });
    expect(c.accountBudgets.reports).toEqual({ max: 20, timeWindow: 3_600_000 });
    expect(
      loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_REPORTS: '5/30m' }).accountBudgets.reports,
    ).toEqual({ max: 5, timeWindow: 1_800_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_REPORTS: '5' })).toThrow(
      /RATE_LIMIT_REPORTS/,
    );
    expect(c.schedules).toEqual({
      accounts: '0 4 * * *',
      reminders: '*/15 * * * *',
      suspensions: '*/5 * * * *',
    });
    for (const bad of ['10', '10/h', '0/1h', '10/48h', 'dix/1h']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_REGISTRATION: bad })).toThrow(
        /RATE_LIMIT_REGISTRATION/,
      );
    }
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SCHEDULE_REMINDERS: 'toutes les 15 min' }),
    ).toThrow(/SCHEDULE_REMINDERS/);
  });

  it('requires a PostgreSQL DATABASE_URL in production (no embedded database there)', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    expect(() => loadConfig(prod)).toThrow(/DATABASE_URL/);
    expect(loadConfig({ ...prod, DATABASE_URL: 'postgresql://u@db:5432/munegu' }).databaseUrl).toBe(
      'postgresql://u@db:5432/munegu',
    );
  });

  it('requires a long JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', DATA_DIR: dataDir() }),
    ).toThrow(/JWT_SECRET/);
  });

  it('outside production, generates a secret once and keeps it across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('defaults: embedded database with demo data, local public URL', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), PORT: '4321' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoData).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:4321');
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    const withDb = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgresql://u@127.0.0.1:5432/db',
    });
    expect(withDb.demoData).toBe(false);
    expect(existsSync(c.dataDir)).toBe(true);
  });
});
