import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './nextTask';

afterEach(() => vi.unstubAllGlobals());

describe('nextTask (lib/nextTask.ts)', () => {
  it('resumes in a later task: after the current task’s microtasks and a timer queued before', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer queued before'), 0);
    const resumed = nextTask().then(() => order.push('resumed'));
    queueMicrotask(() => order.push('microtask'));
    await Promise.resolve();
    expect(order).toEqual(['microtask']);
    await resumed;
    expect(order).toEqual(['microtask', 'timer queued before', 'resumed']);
  });

  it('uses the browser’s scheduler.yield() where there is one', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});
