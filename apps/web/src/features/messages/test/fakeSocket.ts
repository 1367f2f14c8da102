import type { RealtimeSocket } from '../../../lib/socket';

/**
 * A socket.io client stand-in: records what the page emits, lets a test push server events
 * and answer (or lose) events emitted with an acknowledgement. `connected` follows the
 * pushed 'connect' and 'disconnect', as socket.io's does.
 */
export function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const emitted: { event: string; args: unknown[] }[] = [];
  const awaiting: { event: string; args: unknown[]; timeoutMs: number; answer: Answer }[] = [];
  type Answer = { resolve: (value: unknown) => void; reject: (err: Error) => void };
  const socket = {
    active: true,
    connected: false,
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
    timeout(timeoutMs: number) {
      return {
        emitWithAck(event: string, ...args: unknown[]) {
          emitted.push({ event, args });
          return new Promise((resolve, reject) =>
            awaiting.push({ event, args, timeoutMs, answer: { resolve, reject } }),
          );
        },
      };
    },
    connect: () => socket,
    disconnect: () => socket,
  };
  return {
    socket: socket as unknown as RealtimeSocket,
    emitted,
    /** Events emitted with an acknowledgement not answered yet, oldest first. */
    awaiting,
    /**
     * How many handlers listen to `event` now. The navbar's listeners come after the first
     * page (lib/boot/afterFirstPage): a test pushing an event they handle waits for them first.
     */
    listeners(event: string) {
      return handlers.get(event)?.size ?? 0;
    },
    /** The server pushes `event` (also 'connect' to simulate a (re)connection). */
    push(event: string, payload?: unknown) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    },
    /** The server answers the oldest awaiting event. */
    answer(value: unknown) {
      awaiting.shift()!.answer.resolve(value);
    },
    /** The oldest awaiting event's answer never comes (socket.io's timeout error). */
    lose() {
      awaiting.shift()!.answer.reject(new Error('operation has timed out'));
    },
  };
}
export type FakeSocket = ReturnType<typeof fakeSocket>;
