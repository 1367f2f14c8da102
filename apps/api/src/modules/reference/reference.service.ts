import type { Reason } from '@munegu/shared';
import type { ReferenceRepository } from './reference.repository.js';

/** 'Autre' is listed last whatever its stored position (spec section 5). */
function autreLast(reasons: Reason[]): Reason[] {
  const isAutre = (r: Reason) => r.label.trim().toLowerCase() === 'autre';
  return [...reasons.filter((r) => !isAutre(r)), ...reasons.filter(isAutre)];
}

export function referenceService({ repo }: { repo: ReferenceRepository }) {
  return {
    transports: () => repo.transports(),
    antennas: () => repo.antennas(),
    newsCategories: () => repo.newsCategories(),
    departments: () => repo.departments(),
    cancellationReasons: async () => autreLast(await repo.reasons('ANNULATION')),
    exclusionReasons: async () => autreLast(await repo.reasons('EXCLUSION')),
    reportReasons: async (section: string) => autreLast(await repo.reasons('SIGNALEMENT', section)),
  };
}

export type ReferenceService = ReturnType<typeof referenceService>;
