import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  GROUP_TEXTS as G,
  TRIP_TEXTS,
  notificationMatchLabel,
  type GroupListItem,
  type GroupMessage,
} from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call } from '../../lib/call';
import { messageKeys } from './api';

/** Group threads (issue 30): queries, cache updates and the one write, in one place. */
export const groupKeys = {
  all: [...messageKeys.all, 'groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  thread: (id: number) => [...groupKeys.all, 'thread', id] as const,
};

/** 'Covoiturage · AS Monaco – FC Nantes du 29/11'; a trip's: 'Car de Nice · AS Monaco – …'. */
export function groupLabel(group: Pick<GroupListItem, 'kind' | 'match' | 'deplacement'>): string {
  const title = group.deplacement
    ? TRIP_TEXTS.cardTitle(group.deplacement.antenne)
    : G.kinds[group.kind];
  return `${title} · ${notificationMatchLabel(group.match)}`;
}

export function useGroups(enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.list(),
    queryFn: async ({ signal }) => unwrap(await call('GET /messages/groupes', { signal })) ?? [],
    enabled,
  });
}

/** The newest 20 messages of a group, oldest first; older pages are merged in by the list. */
export function useGroupThread(id: number) {
  return useQuery({
    queryKey: groupKeys.thread(id),
    queryFn: async ({ signal }) =>
      unwrap(
        await call('GET /messages/groupes/:id', { params: { id }, query: { offset: 0 }, signal }),
      ) ?? [],
    retry: false,
  });
}

export const loadOlderGroupMessages = (id: number, offset: number) =>
  call('GET /messages/groupes/:id', { params: { id }, query: { offset } });

/** Oldest first, each id once: live pushes, sends and older pages may overlap. */
export function mergeGroupMessages(a: GroupMessage[], b: GroupMessage[]): GroupMessage[] {
  const byId = new Map<number, GroupMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort(
    (x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt) || x.id - y.id,
  );
}

export function addToGroup(qc: QueryClient, id: number, added: GroupMessage[]): void {
  qc.setQueryData<GroupMessage[]>(groupKeys.thread(id), (old) =>
    old ? mergeGroupMessages(old, added) : old,
  );
}

/** Marks the group read: its count and the navbar badge go down. */
export function useMarkGroupRead(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await call('PATCH /messages/groupes/:id/mark-read', { params: { id } })),
    onSuccess: () => {
      qc.setQueryData<GroupListItem[]>(groupKeys.list(), (old) =>
        old?.map((g) => (g.id === id ? { ...g, unread: 0 } : g)),
      );
      void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    },
  });
}
