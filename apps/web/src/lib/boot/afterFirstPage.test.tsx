import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SETTLE_CAP_MS,
  markFirstPageRendered,
  resetFirstPageSettled,
  useLoadedAfterFirstPage,
  whenFirstPageSettled,
} from './afterFirstPage';

/** A query whose answer the test gives when it wants. */
function pendingQuery(client: QueryClient) {
  let answer: (value: string) => void = () => {};
  void client.prefetchQuery({
    queryKey: ['slow'],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  return (value: string) => answer(value);
}

function tracked(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

beforeEach(() => {
  resetFirstPageSettled();
  markFirstPageRendered();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the first page settled (lib/boot/afterFirstPage.ts)', () => {
  it('waits for the page’s reads to be answered, then for an idle moment', async () => {
    const client = new QueryClient();
    const answer = pendingQuery(client);
    const settled = tracked(whenFirstPageSettled(client));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled.done).toBe(false);
    answer('ok');
    await vi.advanceTimersByTimeAsync(100);
    expect(settled.done).toBe(true);
  });

  it('waits for the first page to be rendered', async () => {
    resetFirstPageSettled();
    const settled = tracked(whenFirstPageSettled(new QueryClient()));
    await vi.advanceTimersByTimeAsync(500);
    expect(settled.done).toBe(false);
    markFirstPageRendered();
    await vi.advanceTimersByTimeAsync(100);
    expect(settled.done).toBe(true);
  });

  it('waits for the browser to show the page’s first contentful paint', async () => {
    // The browser's paint timing, told by the test when the frame has been shown.
    const observers: (() => void)[] = [];
    let painted = false;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly notify: () => void) {}
      observe() {
        observers.push(this.notify);
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const entries = vi
      .spyOn(performance, 'getEntriesByName')
      .mockImplementation(
        (name) =>
          (painted && name === 'first-contentful-paint' ? [{}] : []) as PerformanceEntryList,
      );
    try {
      const settled = tracked(whenFirstPageSettled(new QueryClient()));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(settled.done).toBe(false);
      painted = true;
      observers.forEach((notify) => notify());
      await vi.advanceTimersByTimeAsync(100);
      expect(settled.done).toBe(true);
    } finally {
      entries.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('waits for the window’s load event', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const settled = tracked(whenFirstPageSettled(new QueryClient()));
    await vi.advanceTimersByTimeAsync(500);
    expect(settled.done).toBe(false);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled.done).toBe(true);
  });

  it(`gives up waiting after ${SETTLE_CAP_MS} ms when a read never ends`, async () => {
    const client = new QueryClient();
    pendingQuery(client);
    const settled = tracked(whenFirstPageSettled(client));
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS - 10);
    expect(settled.done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(settled.done).toBe(true);
  });

  it('stays settled: later pages do not wait', async () => {
    const client = new QueryClient();
    await Promise.all([whenFirstPageSettled(client), vi.advanceTimersByTimeAsync(100)]);
    pendingQuery(client);
    const again = tracked(whenFirstPageSettled(client));
    await vi.advanceTimersByTimeAsync(0);
    expect(again.done).toBe(true);
  });

  it('drops a wait in progress on reset: nothing of it runs any more', async () => {
    const client = new QueryClient();
    const answer = pendingQuery(client);
    const timersBefore = vi.getTimerCount();
    const settled = tracked(whenFirstPageSettled(client));
    await vi.advanceTimersByTimeAsync(100);
    expect(vi.getTimerCount()).toBeGreaterThan(timersBefore); // the cap at least
    resetFirstPageSettled();
    expect(vi.getTimerCount()).toBe(timersBefore);
    answer('ok');
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS * 2);
    expect(settled.done).toBe(false);
  });
});

function Host({ load, wanted }: { load: () => Promise<ComponentType>; wanted?: boolean }) {
  const Loaded = useLoadedAfterFirstPage(load, wanted);
  return <div>{Loaded ? <Loaded /> : 'rien encore'}</div>;
}

const renderHost = (client: QueryClient, load: () => Promise<ComponentType>, wanted = true) =>
  render(
    <QueryClientProvider client={client}>
      <Host load={load} wanted={wanted} />
    </QueryClientProvider>,
  );

describe('a part loaded after the first page (useLoadedAfterFirstPage)', () => {
  const Menu = () => <p>Menu du membre</p>;

  it('is neither fetched nor shown before the page’s reads are answered, then shown', async () => {
    const client = new QueryClient();
    const answer = pendingQuery(client);
    const load = vi.fn(async () => Menu);
    renderHost(client, load);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('rien encore')).toBeTruthy();
    answer('ok');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Menu du membre')).toBeTruthy();
  });

  it('is not fetched while unwanted (a visitor)', async () => {
    const load = vi.fn(async () => Menu);
    renderHost(new QueryClient(), load, false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves the page as it is when its code cannot be fetched (offline)', async () => {
    const load = vi.fn(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    renderHost(new QueryClient(), load);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('rien encore')).toBeTruthy();
  });
});
