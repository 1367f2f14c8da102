import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';
import {
  ACCOUNT_BUDGET_DEFAULTS,
  budgetVariable,
  RATE_BUDGET_DEFAULTS,
} from '../src/config/rate-budgets.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'munegu-config-'));

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: 'not a url', DATA_DIR: dataDir() })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DEMO_DATA: 'peut-être', DATA_DIR: dataDir() })).toThrow(ConfigError);
  });

  it('documents every budget, with its default, in the README and .env.example', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const budgets = { ...RATE_BUDGET_DEFAULTS, ...ACCOUNT_BUDGET_DEFAULTS };
    for (const [name, fallback] of Object.entries(budgets)) {
      const variable = budgetVariable(name as keyof typeof budgets);
      expect(readme, variable).toMatch(new RegExp(`\\| \`${variable}\`\\s+\\| \`${fallback}\``));
      expect(example, variable).toContain(`# ${variable}=${fallback}\n`);
    }
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
      carpoolDigests: '* * * * *',
      kickoffAnnouncements: '* * * * *',
      tripReminders: '0 18 * * *',
      uploadsSweep: '45 3 * * *',
    });
    expect(c.uploads.orphanGraceHours).toBe(24);
    expect(
      loadConfig({ DATA_DIR: dataDir(), UPLOADS_ORPHAN_GRACE_HOURS: '72' }).uploads
        .orphanGraceHours,
    ).toBe(72);
    expect(() => loadConfig({ DATA_DIR: dataDir(), UPLOADS_ORPHAN_GRACE_HOURS: '0' })).toThrow(
      /UPLOADS_ORPHAN_GRACE_HOURS/,
    );
    expect(c.accountBudgets.tripAnnouncement).toEqual({ max: 10, timeWindow: 3_600_000 });
    expect(c.accountBudgets.carpoolPair).toEqual({ max: 3, timeWindow: 86_400_000 });
    expect(c.carpoolMailWindowMs).toBe(15 * 60_000);
    expect(c.kickoffAnnounceDelayMs).toBe(10 * 60_000);
    expect(
      loadConfig({ DATA_DIR: dataDir(), KICKOFF_ANNOUNCE_DELAY_MINUTES: '0' })
        .kickoffAnnounceDelayMs,
    ).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), KICKOFF_ANNOUNCE_DELAY_MINUTES: '-1' })).toThrow(
      /KICKOFF_ANNOUNCE_DELAY_MINUTES/,
    );
    for (const bad of ['10', '10/h', '0/1h', '10/48h', 'dix/1h']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_REGISTRATION: bad })).toThrow(
        /RATE_LIMIT_REGISTRATION/,
      );
    }
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SCHEDULE_REMINDERS: 'toutes les 15 min' }),
    ).toThrow(/SCHEDULE_REMINDERS/);
  });

  it('refuses a schedule the job scheduler would refuse, naming its variable', () => {
    for (const [variable, value] of [
      ['SCHEDULE_ACCOUNTS', '0 25 * * *'],
      ['SCHEDULE_REMINDERS', '60 3 * * *'],
      ['SCHEDULE_TRIP_REMINDERS', '0 18 * * lundi'],
      ['SCHEDULE_UPLOADS_SWEEP', '0 3 31 2-13 *'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value }), value).toThrow(
        `Configuration invalide : ${variable} : « ${value} » n’est pas une expression cron`,
      );
    }
    expect(
      loadConfig({ DATA_DIR: dataDir(), SCHEDULE_TRIP_REMINDERS: '0 18,22 * * mon-fri' }).schedules
        .tripReminders,
    ).toBe('0 18,22 * * mon-fri');
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

  describe('news fetch', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    /** The ConfigError's variable, or 'ok' when the configuration loads. */
    const refusal = (env: Record<string, string>) => {
      try {
        load(env)();
        return 'ok';
      } catch (err) {
        if (err instanceof ConfigError) return err.variable;
        throw err;
      }
    };

    it('refuses a loopback, private or link-local IP literal in the host list, in any spelling', () => {
      for (const literal of [
        '127.0.0.1',
        '10.0.0.1',
        '192.168.1.10',
        '169.254.169.254',
        '2130706433',
        '0x7f.1',
        '0177.0.0.1',
        '127.1',
        '[::1]',
        '::1',
        '[::ffff:127.0.0.1]',
        'fe80::1',
      ]) {
        const env = {
          NEWS_PROVIDER_URL: 'https://provider.example',
          NEWS_FETCH_HOSTS: `provider.example,${literal}`,
        };
        expect(refusal(env), literal).toBe('NEWS_FETCH_HOSTS');
        expect(load(env)).toThrow(/NEWS_FETCH_HOSTS : « .+ » est une adresse IP/);
      }
    });

    it('refuses an IP literal as the provider', () => {
      for (const [url, hosts] of [
        ['https://127.0.0.1:8443', 'pbs.twimg.com'],
        ['https://10.0.0.1/', 'pbs.twimg.com'],
        ['https://169.254.169.254', 'pbs.twimg.com'],
        ['https://[::1]:8443', 'pbs.twimg.com'],
        ['https://2130706433/', 'pbs.twimg.com'],
      ] as const) {
        const env = { NEWS_PROVIDER_URL: url, NEWS_FETCH_HOSTS: hosts };
        expect(refusal(env), url).toBe('NEWS_PROVIDER_URL');
        expect(load(env)).toThrow(/NEWS_PROVIDER_URL : « .+ » est une adresse IP/);
      }
    });

    it('requires an https provider whose host is listed', () => {
      const hosts = { NEWS_FETCH_HOSTS: 'provider.example,pbs.twimg.com' };
      expect(refusal({ ...hosts, NEWS_PROVIDER_URL: 'http://provider.example' })).toBe(
        'NEWS_PROVIDER_URL',
      );
      expect(load({ ...hosts, NEWS_PROVIDER_URL: 'http://provider.example' })).toThrow(
        /NEWS_PROVIDER_URL : attendu une adresse https/,
      );
      expect(load({ ...hosts, NEWS_PROVIDER_URL: 'https://elsewhere.example' })).toThrow(
        /NEWS_PROVIDER_URL : son hôte « elsewhere\.example » doit figurer dans NEWS_FETCH_HOSTS/,
      );
      // The default host list does not name a changed provider either.
      expect(refusal({ NEWS_PROVIDER_URL: 'https://provider.example' })).toBe('NEWS_PROVIDER_URL');
      expect(refusal({ NEWS_FETCH_HOSTS: 'pbs.twimg.com' })).toBe('NEWS_PROVIDER_URL');
    });

    it('refuses a host entry that is not a bare host name', () => {
      for (const entry of ['https://pbs.twimg.com', 'pbs.twimg.com:443', 'pbs.twimg.com/x']) {
        expect(refusal({ NEWS_FETCH_HOSTS: `cdn.syndication.twimg.com,${entry}` }), entry).toBe(
          'NEWS_FETCH_HOSTS',
        );
      }
    });

    it('accepts host names, a provider among them, and private hosts they list', () => {
      const c = loadConfig({
        DATA_DIR: dataDir(),
        NEWS_PROVIDER_URL: 'https://Provider.Internal:8443/',
        NEWS_FETCH_HOSTS: 'provider.internal, pbs.twimg.com',
        NEWS_FETCH_PRIVATE_HOSTS: 'provider.internal',
      });
      expect(c.news.fetchHosts).toEqual(['provider.internal', 'pbs.twimg.com']);
      expect(c.news.fetchPrivateHosts).toEqual(['provider.internal']);
      expect(loadConfig({ DATA_DIR: dataDir() }).news.fetchHosts).toEqual([
        'cdn.syndication.twimg.com',
        'pbs.twimg.com',
      ]);
      expect(refusal({ NEWS_FETCH_PRIVATE_HOSTS: 'provider.internal' })).toBe(
        'NEWS_FETCH_PRIVATE_HOSTS',
      );
    });
  });
});

describe('operator content (README, "Operator content")', () => {
  it('reads it from the environment, null where unset, the contact only when set', () => {
    const none = loadConfig({ DATA_DIR: dataDir() }).operator;
    expect(none.association).toEqual({
      name: null,
      address: null,
      registration: null,
      publication_director: null,
      contact_email: null,
    });
    expect(none.social).toEqual({ x: null, instagram: null, facebook: null });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      LEGAL_NAME: ' Association Munegu ',
      CONTACT_EMAIL: 'bureau@munegu.mc',
      SOCIAL_X_URL: 'https://x.com/munegu',
    }).operator;
    expect(set.association.name).toBe('Association Munegu');
    expect(set.association.contact_email).toBe('bureau@munegu.mc');
    expect(set.social.x).toBe('https://x.com/munegu');
  });

  it('refuses a link that is not https, naming the variable', () => {
    for (const [variable, value] of [
      ['SOCIAL_X_URL', 'http://x.com/munegu'],
      ['HOSTING_URL', 'hebergeur'],
      ['TICKET_OFFICE_URL', 'javascript:alert(1)'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value }), variable).toThrow(
        new RegExp(variable),
      );
    }
  });
});
