import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedTimeouts } from './coalescedTimeouts';

/** The browser timer is armed at the end of the task (a microtask). */
const flush = () => Promise.resolve();

describe('coalesced timeouts (the query client timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each callback at its deadline, in deadline order, with one browser timer armed', async () => {
    const timers = createCoalescedTimeouts();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('30 s'), 30_000);
    timers.setTimeout(() => ran.push('5 min'), 300_000);
    timers.setTimeout(() => ran.push('10 s'), 10_000);
    timers.setTimeout(() => ran.push('30 s bis'), 30_000);
    await flush();
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['10 s']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ran).toEqual(['10 s', '30 s', '30 s bis']);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(270_000);
    expect(ran).toEqual(['10 s', '30 s', '30 s bis', '5 min']);
    expect(timers.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('arms the browser timer once per task, for the soonest deadline the task asked for', async () => {
    const timers = createCoalescedTimeouts();
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
    const ran: string[] = [];
    for (const delay of [300_000, 30_000, 20_000, 10_000])
      timers.setTimeout(() => ran.push(`${delay}`), delay);
    await flush();
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    expect(setTimeoutSpy.mock.calls[0]![1]).toBe(10_000);
    expect(clearTimeoutSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ran).toEqual(['10000']);
  });

  it('never runs a cleared callback, and keeps the others', async () => {
    const timers = createCoalescedTimeouts();
    const ran: string[] = [];
    const first = timers.setTimeout(() => ran.push('first'), 1_000);
    timers.setTimeout(() => ran.push('second'), 2_000);
    timers.clearTimeout(first);
    timers.clearTimeout(undefined);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(ran).toEqual(['second']);
  });

  it('arms earlier when a sooner deadline comes, and a zero or missing delay runs on the next turn', async () => {
    const timers = createCoalescedTimeouts();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('late'), 60_000);
    timers.setTimeout(() => ran.push('soon'), 0);
    timers.setTimeout(() => ran.push('negative'), -5);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['soon', 'negative']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toEqual(['soon', 'negative', 'late']);
  });

  it('a callback that throws does not keep the others from running; its error is reported', async () => {
    const timers = createCoalescedTimeouts();
    const ran: string[] = [];
    // The error is rethrown on its own (a microtask), as an uncaught error of that timer.
    const rethrows: (() => void)[] = [];
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 100);
    timers.setTimeout(() => ran.push('after'), 100);
    await flush();
    const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((f) => rethrows.push(f));
    try {
      await vi.advanceTimersByTimeAsync(100);
    } finally {
      spy.mockRestore();
    }
    expect(ran).toEqual(['after']);
    expect(rethrows).toHaveLength(1);
    expect(rethrows[0]).toThrow('boom');
  });

  it('a callback may set a new timeout, which runs at its own deadline', async () => {
    const timers = createCoalescedTimeouts();
    const ran: number[] = [];
    timers.setTimeout(() => {
      ran.push(Date.now());
      timers.setTimeout(() => ran.push(Date.now()), 1_000);
    }, 1_000);
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ran.map((t) => t - start)).toEqual([1_000, 2_000]);
  });
});

describe("the app's query client", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('arms one browser timer for all its queries and observers (staleness, garbage collection)', async () => {
    vi.useFakeTimers();
    const { createQueryClient } = await import('../app/queryClient');
    const { QueryObserver } = await import('@tanstack/react-query');
    // lib/early (imported with the client) starts its reads in a task on import: let it pass.
    await vi.advanceTimersByTimeAsync(1);
    const client = createQueryClient();
    const unsubscribes = Array.from({ length: 8 }, (_, i) => {
      client.setQueryData(['item', i], i);
      return new QueryObserver(client, { queryKey: ['item', i] }).subscribe(() => {});
    });
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    // Still stale after 30 s, as configured (staleTime), and collected 5 min after the last observer left.
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['item', 0] })
        ?.isStale(),
    ).toBe(false);
    await vi.advanceTimersByTimeAsync(30_001);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['item', 0] })
        ?.isStale(),
    ).toBe(true);
    unsubscribes.forEach((u) => u());
    expect(client.getQueryCache().getAll()).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
