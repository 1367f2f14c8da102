import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { problem } from '../api';

type Props<T> = {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (rows: T[]) => ReactNode;
};

/** Loading, error and empty states of a list, then the list itself. */
export function ListState<T>({ query, empty, children }: Props<T>) {
  if (query.isError) return <p className="error-text">{problem(query.error)}</p>;
  if (query.isPending) return <p className="empty-state">Chargement…</p>;
  if (query.data.length === 0) return <p className="empty-state">{empty}</p>;
  return <>{children(query.data)}</>;
}
