import type { RealtimeSocket } from '../../../lib/socket';

/** A socket.io client stand-in: records what the page emits, lets a test push server events. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const emitted: { event: string; args: unknown[] }[] = [];
  const socket = {
    active: true,
    on(event: string, handler: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit(event: string, ...args: unknown[]) {
      emitted.push({ event, args });
      return socket;
    },
    connect: () => socket,
    disconnect: () => socket,
  };
  return {
    socket: socket as unknown as RealtimeSocket,
    emitted,
    /** The server pushes `event` (also 'connect' to simulate a (re)connection). */
    push(event: string, payload?: unknown) {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    },
  };
}
export type FakeSocket = ReturnType<typeof fakeSocket>;
