import { MESSAGING_TEXTS as M, type Message } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { AckLostError } from '../../../lib/socket';
import { createOutbox, MAX_BURST_RETRIES, RESEND_FIRST_MS, RESEND_MAX_MS } from '../outbox';

/** The queue alone: a scripted server and a clock the test moves. */
function world(burstRetries?: number) {
  const attempts: { content: string; clientId: string; settle: (r: Message | Error) => void }[] =
    [];
  const delivered: string[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const online = new Set<() => void>();
  let clock = 0;
  const box = createOutbox({
    send: (content, clientId) =>
      new Promise<Message>((resolve, reject) =>
        attempts.push({
          content,
          clientId,
          settle: (r) => (r instanceof Error ? reject(r) : resolve(r)),
        }),
      ),
    delivered: (m) => delivered.push(m.content),
    schedule: (run, ms) => timers.push({ at: clock + ms, run }),
    now: () => clock,
    burstRetries,
    onOnline: (run) => {
      online.add(run);
      return () => online.delete(run);
    },
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    box,
    attempts,
    delivered,
    /** The server answers the attempt in flight. */
    async answer(r: Message | Error) {
      attempts.at(-1)!.settle(r);
      await flush();
    },
    /** The browser says the network is back. */
    async backOnline() {
      for (const run of [...online]) run();
      await flush();
    },
    listeners: () => online.size,
    async advance(ms: number) {
      clock += ms;
      const due = timers.filter((t) => t.at <= clock);
      timers.splice(0, timers.length, ...timers.filter((t) => t.at > clock));
      for (const t of due) t.run();
      await flush();
    },
  };
}
const ok = (content: string) => ({ content }) as Message;
const tooMany = (ttl: number) => new ApiError(429, 'Trop de requêtes', { ttl, fromServer: true });

describe('outbox', () => {
  it('sends in order, one at a time, each once', async () => {
    const w = world();
    for (const t of ['a', 'b', 'c']) w.box.push(t);
    expect(w.attempts.map((a) => a.content)).toEqual(['a']);
    await w.answer(ok('a'));
    await w.answer(ok('b'));
    await w.answer(ok('c'));
    expect(w.attempts.map((a) => a.content)).toEqual(['a', 'b', 'c']);
    expect(w.delivered).toEqual(['a', 'b', 'c']);
    expect(w.box.getState().pending).toEqual([]);
  });

  it('waits each 429 out, then gives the text back with the wait once retries run out', async () => {
    const w = world();
    w.box.push('a');
    w.box.push('b');
    for (let i = 0; i < MAX_BURST_RETRIES; i++) {
      await w.answer(tooMany(4));
      expect(w.box.getState().pending[0]).toMatchObject({ state: 'waiting' });
      await w.advance(3999);
      expect(w.attempts).toHaveLength(i + 1);
      await w.advance(1);
      expect(w.attempts).toHaveLength(i + 2);
    }
    await w.answer(tooMany(4));
    expect(w.box.getState().pending).toEqual([]);
    expect(w.box.takeRefused()).toEqual({ texts: ['a', 'b'], reason: M.tooManyMessages(4) });
    expect(w.box.takeRefused()).toBeNull();
    expect(w.attempts.every((a) => a.content === 'a')).toBe(true);
  });

  it('keeps refusals nobody took yet, in order, and starts again with the next push', async () => {
    const w = world();
    w.box.push('a');
    await w.answer(new ApiError(403, M.blocked, { fromServer: true }));
    w.box.push('b');
    await w.answer(new ApiError(500, 'Internal Server Error'));
    expect(w.box.takeRefused()).toEqual({ texts: ['a', 'b'], reason: M.sendFailed });
    w.box.push('c');
    await w.answer(ok('c'));
    expect(w.delivered).toEqual(['c']);
  });

  it('gives a 429 back at once with the server’s reason where it is a budget, not a burst', async () => {
    const w = world(0);
    w.box.push('a');
    w.box.push('b');
    const budget = 'Tu as écrit beaucoup de messages dans les groupes. Réessaie dans 4 minutes.';
    await w.answer(new ApiError(429, budget, { ttl: 240, fromServer: true }));
    expect(w.attempts).toHaveLength(1);
    expect(w.box.getState().pending).toEqual([]);
    expect(w.box.takeRefused()).toEqual({ texts: ['a', 'b'], reason: budget });
  });

  it('sends a lost message again with its key, further apart each time, until it is stored', async () => {
    const w = world();
    w.box.push('a');
    w.box.push('b');
    const key = w.attempts[0]!.clientId;
    const waits: number[] = [];
    for (let lost = 0; lost < 6; lost++) {
      await w.answer(
        lost % 2 ? new AckLostError() : new ApiError(0, 'Failed to fetch', { network: true }),
      );
      expect(w.box.getState().pending.map((p) => p.state)).toEqual(['offline', 'queued']);
      const before = w.attempts.length;
      let waited = 0;
      while (w.attempts.length === before) {
        await w.advance(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([
      RESEND_FIRST_MS,
      RESEND_FIRST_MS * 2,
      RESEND_FIRST_MS * 4,
      RESEND_FIRST_MS * 8,
      RESEND_MAX_MS,
      RESEND_MAX_MS,
    ]);
    expect(w.attempts.map((a) => a.clientId)).toEqual(Array(7).fill(key));
    expect(w.box.getState().refused).toBeNull();
    await w.answer(ok('a'));
    expect(w.attempts.at(-1)).toMatchObject({ content: 'b' });
    expect(w.attempts.at(-1)!.clientId).not.toBe(key);
    await w.answer(ok('b'));
    expect(w.delivered).toEqual(['a', 'b']);
  });

  it('goes again at once when the network is back, and only once for the timer and the event', async () => {
    const w = world();
    w.box.push('a');
    await w.answer(new AckLostError());
    expect(w.listeners()).toBe(1);
    await w.backOnline();
    expect(w.attempts).toHaveLength(2);
    expect(w.listeners()).toBe(0);
    await w.advance(RESEND_MAX_MS);
    expect(w.attempts).toHaveLength(2);
    // A refusal after a lost answer still brings the text back, and the next loss starts over.
    await w.answer(new ApiError(403, M.blocked, { fromServer: true }));
    expect(w.box.takeRefused()).toEqual({ texts: ['a'], reason: M.blocked });
    w.box.push('c');
    await w.answer(new AckLostError());
    await w.advance(RESEND_FIRST_MS);
    expect(w.attempts.map((a) => a.content)).toEqual(['a', 'a', 'c', 'c']);
  });

  it('keeps each wait its own length: an earlier wait’s timer does not cut a later one short', async () => {
    const w = world();
    w.box.push('a');
    await w.answer(new AckLostError());
    // Back online before the first wait ends: sent again, and lost again.
    await w.advance(RESEND_FIRST_MS / 2);
    await w.backOnline();
    expect(w.attempts).toHaveLength(2);
    await w.answer(new AckLostError());
    // The first wait's timer comes due now; the second wait is twice as long and has not ended.
    await w.advance(RESEND_FIRST_MS / 2);
    expect(w.attempts).toHaveLength(2);
    expect(w.box.getState().pending[0]?.state).toBe('offline');
    await w.advance(2 * RESEND_FIRST_MS);
    expect(w.attempts).toHaveLength(3);
  });
});
