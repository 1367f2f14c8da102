import { useQuery } from '@tanstack/react-query';

export type Item = { id: number; title: string; body: string };

/** The floor's one query: a static JSON file served beside the app. */
export function useItems() {
  return useQuery({
    queryKey: ['items'],
    queryFn: async ({ signal }): Promise<Item[]> => {
      const res = await fetch('/items.json', { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as Item[];
    },
  });
}
