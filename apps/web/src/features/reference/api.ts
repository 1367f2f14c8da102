import { useQuery } from '@tanstack/react-query';
import { query } from '../../lib/api';

export type Departement = { code: string; name: string };

export const referenceKeys = {
  all: ['reference'] as const,
  departements: () => [...referenceKeys.all, 'departements'] as const,
  antennas: () => [...referenceKeys.all, 'antennes'] as const,
  transports: () => [...referenceKeys.all, 'transport'] as const,
};

const LONG = 60 * 60_000;

export function useDepartements() {
  return useQuery({
    queryKey: referenceKeys.departements(),
    queryFn: query('GET /departements'),
    select: (list) => (Array.isArray(list) ? list : []),
    staleTime: LONG,
  });
}

export function useAntennas() {
  return useQuery({
    queryKey: referenceKeys.antennas(),
    queryFn: query('GET /antennes'),
    select: (list) => (Array.isArray(list) ? list : []),
    staleTime: LONG,
  });
}

export function useTransports() {
  return useQuery({
    queryKey: referenceKeys.transports(),
    queryFn: query('GET /transport'),
    select: (list) => (Array.isArray(list) ? list : []),
    staleTime: LONG,
  });
}

/** 'FR-06' or '06' → 'Alpes-Maritimes (06)'. */
export function departementLabel(
  code: string | null | undefined,
  list: Departement[] | undefined,
): string {
  if (!code) return '';
  const bare = code.replace(/^FR-/i, '');
  const found = list?.find((d) => d.code.replace(/^FR-/i, '') === bare);
  return found ? `${found.name} (${bare})` : bare;
}
