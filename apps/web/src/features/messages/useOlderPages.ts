import { useLayoutEffect, useRef, useState } from 'react';
import { LIMITS, MESSAGING_TEXTS } from '@munegu/shared';
import { toast } from '../../components/ui/toast';
import { ABORTED, type Aborted } from '../../lib/api';

type Options<T> = {
  /** The messages loaded, oldest first. */
  messages: readonly (T & { id: number })[];
  /** The page of 20 before the `offset` already loaded; null while there is nothing to page. */
  load: ((offset: number) => Promise<T[] | Aborted | null | undefined>) | null;
  onOlder: (older: T[]) => void;
  /** Anything else that grows the list at its bottom (typing, pending sends): it sticks there. */
  bottom?: unknown;
};

/**
 * A thread's list, private or group: kept scrolled to its newest message, and scrolling to the
 * top loads the 20 before (fewer: no more), the reader kept where they were.
 */
export function useOlderPages<T>({ messages, load, onOlder, bottom }: Options<T>) {
  const listRef = useRef<HTMLOListElement>(null);
  const [hasMore, setHasMore] = useState(messages.length >= LIMITS.messagesPageSize);
  const [loading, setLoading] = useState(false);
  // Height before an older page was prepended: restored so the reader does not jump.
  const anchor = useRef<number | null>(null);
  const lastId = messages[messages.length - 1]?.id;

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (anchor.current !== null) {
      list.scrollTop = list.scrollHeight - anchor.current;
      anchor.current = null;
    } else {
      list.scrollTop = list.scrollHeight;
    }
  }, [messages.length, lastId, bottom]);

  const onScroll = async () => {
    const list = listRef.current;
    if (!list || list.scrollTop > 40 || !hasMore || loading || !load) return;
    setLoading(true);
    try {
      const older = await load(messages.length);
      if (older === ABORTED) return;
      const page = Array.isArray(older) ? older : [];
      if (page.length < LIMITS.messagesPageSize) setHasMore(false);
      if (page.length > 0) {
        anchor.current = list.scrollHeight - list.scrollTop;
        onOlder(page);
      }
    } catch {
      toast.error(MESSAGING_TEXTS.loadMessagesFailed);
      setHasMore(false);
    } finally {
      setLoading(false);
    }
  };

  return { listRef, loading, onScroll: () => void onScroll() };
}
