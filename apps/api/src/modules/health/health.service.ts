import type { HealthRepository } from './health.repository.js';

export function healthService({ repo }: { repo: HealthRepository }) {
  return {
    async check() {
      const up = await repo.ping();
      return up
        ? ({ status: 'ok', database: 'up' } as const)
        : ({ status: 'degraded', database: 'down' } as const);
    },
  };
}

export type HealthService = ReturnType<typeof healthService>;
