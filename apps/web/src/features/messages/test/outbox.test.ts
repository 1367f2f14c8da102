import { MESSAGING_TEXTS as M, type Message } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { createOutbox, MAX_BURST_RETRIES } from '../outbox';

/** The queue alone: a scripted server and a clock the test moves. */
function world(burstRetries?: number) {
  const attempts: { content: string; settle: (r: Message | Error) => void }[] = [];
  const delivered: string[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let clock = 0;
  const box = createOutbox({
    send: (content) =>
      new Promise<Message>((resolve, reject) =>
        attempts.push({
          content,
          settle: (r) => (r instanceof Error ? reject(r) : resolve(r)),
        }),
      ),
    delivered: (m) => delivered.push(m.content),
    schedule: (run, ms) => timers.push({ at: clock + ms, run }),
    now: () => clock,
    burstRetries,
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
});
