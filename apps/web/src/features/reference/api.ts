import { useQuery } from '@tanstack/react-query';
import { query } from '../../lib/call';

export const referenceKeys = {
  all: ['reference'] as const,
  departments: () => [...referenceKeys.all, 'departments'] as const,
  antennas: () => [...referenceKeys.all, 'antennes'] as const,
};

const LONG = 60 * 60_000;

export function useDepartments() {
  return useQuery({
    queryKey: referenceKeys.departments(),
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
