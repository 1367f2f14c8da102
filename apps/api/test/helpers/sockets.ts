import type { NewMessageEvent } from '@munegu/shared';
import type { Socket } from 'socket.io-client';

/** Resolves once the socket is connected; rejects with the handshake's refusal. */
export function connected<S extends Socket>(socket: S): Promise<S> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Waits until `check()` holds (polled every 10 ms), or throws after `ms`. */
export async function until(check: () => boolean, ms = 1000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('délai dépassé');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every 'newMessage' the socket receives from now on. */
export function collect(socket: Socket): NewMessageEvent[] {
  const got: NewMessageEvent[] = [];
  socket.on('newMessage', (e: NewMessageEvent) => got.push(e));
  return got;
}
