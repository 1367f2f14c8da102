import {
  MONACO_PLACE,
  TRANSPORT_IDS,
  isOtherReason,
  type Department,
  type Reason,
  type TransportType,
} from '@munegu/shared';
import { toAntennaRef, toCategoryRef, toTransport } from './reference.mapper.js';
import type { ReferenceRepository } from './reference.repository.js';

/** 'Autre' is listed last whatever its stored position (spec section 5). */
function autreLast(reasons: Reason[]): Reason[] {
  const other = (r: Reason) => isOtherReason(r.label);
  return [...reasons.filter((r) => !other(r)), ...reasons.filter(other)];
}

/** Modes an administrator added come after the spec's five, before 'en recherche' (last). */
function searchLast(modes: TransportType[]): TransportType[] {
  const search = (t: TransportType) => t.id === TRANSPORT_IDS.RECHERCHE;
  return [...modes.filter((t) => !search(t)), ...modes.filter(search)];
}

/** Monaco is listed right after the Alpes-Maritimes (06), the department around it. */
function monacoBeside06(departments: Department[]): Department[] {
  const others = departments.filter((d) => d.code !== MONACO_PLACE.code);
  const monaco = departments.find((d) => d.code === MONACO_PLACE.code);
  const at = others.findIndex((d) => d.code === '06');
  if (!monaco || at < 0) return departments;
  return [...others.slice(0, at + 1), monaco, ...others.slice(at + 1)];
}

export function referenceService({ repo }: { repo: ReferenceRepository }) {
  return {
    transports: async () => searchLast((await repo.transports()).map(toTransport)),
    antennas: async () => (await repo.antennas()).map(toAntennaRef),
    newsCategories: async () => (await repo.newsCategories()).map(toCategoryRef),
    departments: async () => monacoBeside06(await repo.departments()),
    cancellationReasons: async () => autreLast(await repo.reasons('ANNULATION')),
    exclusionReasons: async () => autreLast(await repo.reasons('EXCLUSION')),
    reportReasons: async (section: string) => autreLast(await repo.reasons('SIGNALEMENT', section)),
  };
}

export type ReferenceService = ReturnType<typeof referenceService>;
