import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the next frame, in a task of its own, sharing one frame and one timer between calls', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    const timeout = vi.spyOn(window, 'setTimeout');
    const ran: string[] = [];
    afterNextPaint(() => ran.push('carousel'));
    const cancel = afterNextPaint(() => ran.push('cancelled'));
    afterNextPaint(() => ran.push('settle'));
    cancel();
    expect(raf).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
    vi.advanceTimersToNextFrame();
    // The frame has run, its timer not yet: nothing ran inside the frame.
    expect(ran).toEqual([]);
    expect(timeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['carousel', 'settle']);

    // A call after that frame waits for the next one.
    afterNextPaint(() => ran.push('later'));
    expect(raf).toHaveBeenCalledTimes(2);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['carousel', 'settle', 'later']);
  });

  it('a cancel after the frame, before its timer, still prevents the call', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const ran: string[] = [];
    const cancel = afterNextPaint(() => ran.push('late cancel'));
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([]);
  });
});
