// No Docker engine runs on the CI machines, so the self-hosting files are checked statically:
// the compose services, their wiring, and that the container starts the app exactly the way
// the end-to-end tests start it (`pnpm serve`, which `npm start` ends with).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentVariables } from '../../apps/api/src/config/env.js';
import { IMAGE_PROFILES } from '../../apps/api/src/lib/images.js';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  profiles?: string[];
  build?: unknown;
  command?: string[];
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
const dockerfile = read('Dockerfile');
const serveCommand = pkg.scripts.serve!.split(' ');

function dockerCmd(): string[] {
  const line = dockerfile.split('\n').find((l) => l.startsWith('CMD '));
  return JSON.parse(line!.slice(4)) as string[];
}

/**
 * Rules every compose file keeps: a service depends only on services that start with it (no
 * dependency on a removed service or on one behind a profile it does not share), and a port
 * is published on every interface only where this table says why.
 */
const PUBLIC_PORTS: Record<string, string> = {
  'docker-compose.yml app 3000:3000': 'the app itself, for members (or for a proxy in front)',
  'docker-compose.scaled.yml proxy 3000:3000': 'the proxy in front of the replicas',
};

function checkWiring(file: string, services: Record<string, Service>) {
  for (const [name, service] of Object.entries(services)) {
    for (const target of Object.keys(service.depends_on ?? {})) {
      const dependency = services[target];
      expect(dependency, `${file}: ${name} dépend de ${target}, absent`).toBeDefined();
      const theirs = dependency?.profiles ?? [];
      const mine = service.profiles ?? [];
      expect(
        theirs.length === 0 || theirs.some((p) => mine.includes(p)),
        `${file}: ${name} dépend de ${target}, qui ne démarre qu'avec un profil`,
      ).toBe(true);
    }
    for (const port of service.ports ?? []) {
      if (port.startsWith('127.0.0.1:')) continue;
      expect(
        PUBLIC_PORTS[`${file} ${name} ${port}`],
        `${file}: ${name} publie ${port}`,
      ).toBeDefined();
    }
  }
}

describe('compose wiring rules', () => {
  it('hold for both compose files', () => {
    const scaled = parse(read('docker-compose.scaled.yml')) as {
      services: Record<string, Service>;
    };
    checkWiring('docker-compose.yml', compose.services);
    const merged = { ...compose.services };
    for (const [name, svc] of Object.entries(scaled.services))
      merged[name] = { ...merged[name], ...svc };
    checkWiring('docker-compose.scaled.yml', merged);
  });

  it('catch a dependency on a removed service and a port open on every interface', () => {
    const withoutPostgres = { app: compose.services.app! };
    expect(() => checkWiring('docker-compose.yml', withoutPostgres)).toThrow(/absent/);
    const exposed = {
      ...compose.services,
      mailpit: { ...compose.services.mailpit!, ports: ['8025:8025'] },
    };
    expect(() => checkWiring('docker-compose.yml', exposed)).toThrow(/publie 8025/);
  });
});

describe('docker-compose.yml', () => {
  it('runs PostgreSQL and the app, Mailpit only behind its profile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'mailpit', 'postgres']);
    expect(compose.services.postgres!.image).toMatch(/^postgres:15/);
    expect(compose.services.mailpit!.image).toMatch(/^axllent\/mailpit/);
    expect(compose.services.app!.build).toBe('.');
  });

  it('gives every service a healthcheck and starts the app only once its dependencies are healthy', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
    }
    expect(compose.services.app!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
    });
    expect(compose.services.mailpit!.profiles).toEqual(['mail-catcher']);
    expect(compose.services.app!.healthcheck!.test.join(' ')).toContain('/api/health');
  });

  it('publishes the app and the mail UI, and keeps data in named volumes', () => {
    expect(compose.services.app!.ports).toContain('3000:3000');
    expect(compose.services.mailpit!.ports).toEqual(['127.0.0.1:8025:8025']);
    expect(compose.services.postgres!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.services.app!.volumes).toContain('appdata:/data');
    expect(Object.keys(compose.volumes).sort()).toEqual(['appdata', 'pgdata']);
  });

  it('points the app at the compose database, and never at the mail catcher by default', () => {
    const env = compose.services.app!.environment!;
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\/munegu$/);
    expect(env.SMTP_URL).toBe('${SMTP_URL:-}');
    expect(env.JWT_SECRET).toContain(':?');
    expect(env.NODE_ENV).toBe('production');
  });

  it('starts the container with the command the end-to-end tests exercise', () => {
    expect(compose.services.app!.command).toEqual(serveCommand);
    expect(dockerCmd()).toEqual(serveCommand);
    expect(read('scripts/bootstrap.mjs')).toContain('pkg.scripts.serve');
  });
});

describe('Dockerfile', () => {
  it('is multi-stage and ships only built output and production dependencies', () => {
    const stages = dockerfile.match(/^FROM .+ AS (\w[\w-]*)$/gm) ?? [];
    expect(stages.map((s) => s.split(' AS ')[1])).toEqual([
      'base',
      'build',
      'prod-deps',
      'runtime',
    ]);
    expect(dockerfile).toContain('--prod');
    expect(dockerfile).toMatch(/USER node/);
    expect(dockerfile).toMatch(/HEALTHCHECK .*\n.*\/api\/health/);
  });

  it('builds on the newest Node LTS and keeps tests, docs, benchmarks and uploads out', () => {
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=26$/m);
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['e2e/*', 'test', 'apps/api/test', 'docs', 'bench', '**/uploads', '.env']) {
      expect(ignored, entry).toContain(entry);
    }
    // The workspace's manifests stay: the lockfile install needs every package.json.
    expect(ignored).toContain('!e2e/package.json');
  });

  it('copies files that exist in the repository', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)]
      .flatMap((m) => m[1]!.split(' '))
      .filter((s) => s !== '.');
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(existsSync(path.join(root, source)), source).toBe(true);
  });
});

/** A limit or a timing an operator may have to change: by its family, or by its unit. */
const LIMIT =
  /^(RATE_LIMIT|AUTH_|SOCKET_|SCHEDULE_)|_(MS|SECONDS|MINUTES|HOURS|DAYS|BYTES|LIMIT|SIZE|KM|RATIO)$|_MAX_/;

describe('.env.example', () => {
  it('documents every variable the app reads, and the README every limit', () => {
    const example = read('.env.example');
    const readme = read('README.md');
    for (const name of environmentVariables()) {
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      if (LIMIT.test(name)) expect(readme, name).toContain(name);
    }
  });

  it('documents every variable the compose file reads', () => {
    const example = read('.env.example');
    const used = new Set([...read('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]!));
    for (const name of used) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});

describe('docker-compose.scaled.yml', () => {
  // Compose's `!reset` tag clears a value of the base file (here the app's host port).
  const scaled = parse(read('docker-compose.scaled.yml'), {
    customTags: [{ tag: '!reset', collection: 'seq', resolve: () => ({ reset: true }) }],
  }) as { services: Record<string, Service & { deploy?: { replicas: number } }> };

  it('runs two app replicas behind a proxy that alone publishes the port', () => {
    expect(Object.keys(scaled.services).sort()).toEqual(['app', 'proxy', 'redis']);
    expect(scaled.services.app!.deploy?.replicas).toBe(2);
    expect(scaled.services.app!.ports).toEqual({ reset: true });
    expect(scaled.services.proxy!.ports).toContain('3000:3000');
    expect(scaled.services.proxy!.depends_on).toEqual({ app: { condition: 'service_healthy' } });
  });

  it('joins the replicas through Redis, started healthy first', () => {
    expect(scaled.services.app!.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect(scaled.services.app!.depends_on).toEqual({ redis: { condition: 'service_healthy' } });
    expect(scaled.services.redis!.healthcheck?.test).toContain('ping');
  });

  const nginx = read('deploy/nginx.conf')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

  it('proxies websocket upgrades to every replica without sticky sessions', () => {
    expect(scaled.services.proxy!.volumes).toContain(
      './deploy/nginx.conf:/etc/nginx/nginx.conf:ro',
    );
    // Re-resolved while running: a recreated replica changes address.
    expect(nginx).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    expect(nginx).toMatch(/zone munegu \d+k;\s*server app:3000 resolve;/);
    const [, major, minor] = /nginx:(\d+)\.(\d+)/.exec(String(scaled.services.proxy!.image))!;
    expect(Number(major) * 100 + Number(minor)).toBeGreaterThanOrEqual(127);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).not.toMatch(/ip_hash|sticky/);
  });

  it('lets through the largest image the API accepts, with its multipart envelope', () => {
    const [, size, unit] = /client_max_body_size (\d+)([km]?);/.exec(nginx)!;
    const proxyBytes = Number(size) * { '': 1, k: 1024, m: 1024 * 1024 }[unit as '' | 'k' | 'm'];
    const largest = Math.max(...Object.values(IMAGE_PROFILES).map((p) => p.maxBytes));
    // Boundaries, part headers and the form's few text fields come on top of the file.
    expect(proxyBytes).toBeGreaterThanOrEqual(largest + 64 * 1024);
  });
});
