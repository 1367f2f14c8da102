import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../features/messages/test/fakeSocket';
import { useSocketReconnect } from './realtime';
import { acquireSocket, releaseSocket, setSocketFactory } from './socket';

afterEach(() => setSocketFactory(null));

describe('useSocketReconnect (lib/realtime.ts)', () => {
  it('skips the first connection and runs on each reconnection', () => {
    const io = fakeSocket();
    setSocketFactory(() => io.socket);
    const onReconnect = vi.fn();
    renderHook(() => useSocketReconnect(7, onReconnect));
    act(() => io.push('connect'));
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => io.push('connect'));
    act(() => io.push('connect'));
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });

  it('mounted on a socket that already connected, runs on the next connection', () => {
    // The open chat's socket connects first; the navbar's listeners come after the first page.
    const io = fakeSocket();
    setSocketFactory(() => io.socket);
    const chat = acquireSocket(7);
    act(() => io.push('connect'));
    const onReconnect = vi.fn();
    renderHook(() => useSocketReconnect(7, onReconnect));
    act(() => io.push('disconnect', 'transport close'));
    act(() => io.push('connect'));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    releaseSocket(chat);
  });
});
