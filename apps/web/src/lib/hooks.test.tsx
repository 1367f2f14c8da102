import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './hooks';

function Clock({ name }: { name: string }) {
  return <p data-testid={name}>{useNow(1000)}</p>;
}

describe('useNow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one browser interval between the clocks of a page, which tick together', () => {
    vi.useFakeTimers();
    const start = Date.now();
    const view = render(
      <>
        <Clock name="a" />
        <Clock name="b" />
        <Clock name="c" />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    for (const name of ['a', 'b', 'c'])
      expect(Number(screen.getByTestId(name).textContent)).toBe(start + 1_000);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
