// The session's order on its own, with a stand-in for PGlite that records what ran: what the
// embedded server's tests (embedded.test.ts) cannot force, a message that throws.
import { describe, expect, it } from 'vitest';
import { EmbeddedSession, type SessionDatabase } from './embedded-session.js';

const message = (type: string, tag = '') => new TextEncoder().encode(type + tag);

function recordingDatabase(fail: (tag: string) => boolean) {
  const ran: string[] = [];
  const db: SessionDatabase = {
    isInTransaction: () => false,
    runExclusive: (fn) => fn(),
    exec: async () => [],
    execProtocolRawStream: async (bytes, options) => {
      const text = new TextDecoder().decode(bytes);
      ran.push(text);
      if (fail(text)) throw new Error(`refused ${text}`);
      options.onRawData?.(new Uint8Array([1, 2]));
    },
  };
  return { db, ran };
}

describe('the embedded session (db/embedded-session.ts)', () => {
  it('answers the other connections after a message that threw', async () => {
    const { db, ran } = recordingDatabase((text) => text === 'Qboom');
    const session = new EmbeddedSession(db);
    const failed = session.enqueue(1, message('Q', 'boom'), () => {});
    const next = session.enqueue(2, message('Q', 'ok'), () => {});
    await expect(failed).rejects.toThrow('refused Qboom');
    await expect(next).resolves.toBe(2);
    expect(ran).toEqual(['Qboom', 'Qok']);
  });

  it('runs a connection’s batch up to its Sync before another connection’s message', async () => {
    const { db, ran } = recordingDatabase(() => false);
    const session = new EmbeddedSession(db);
    // Connection 1 sends its batch one message at a time, as the handler does.
    const batch = (async () => {
      for (const type of ['P', 'B', 'E', 'S'])
        await session.enqueue(1, message(type, '1'), () => {});
    })();
    const other = session.enqueue(2, message('P', '2'), () => {});
    await Promise.all([batch, other]);
    expect(ran).toEqual(['P1', 'B1', 'E1', 'S1', 'P2']);
  });

  it('lets the others go when a connection closes in the middle of its batch', async () => {
    const { db, ran } = recordingDatabase(() => false);
    const session = new EmbeddedSession(db);
    await session.enqueue(1, message('P', '1'), () => {});
    const other = session.enqueue(2, message('Q', '2'), () => {});
    await session.clearTransactionIfNeeded(1);
    await other;
    expect(ran).toEqual(['P1', 'Q2']);
  });
});
