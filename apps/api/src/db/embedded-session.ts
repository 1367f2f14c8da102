import type { PGlite } from '@electric-sql/pglite';

/**
 * The order in which the embedded database's connections take PGlite's single session, one
 * protocol message at a time (pglite-socket's PGLiteSocketHandler hands each message here and
 * waits for its answer before sending the next).
 *
 * pglite-socket's own queue (0.2.17) keeps a connection's messages together only inside an
 * explicit transaction. A parameterised query is a Parse/Bind/Describe/Execute/Sync batch on
 * the session's unnamed statement, outside any transaction block, so two connections' batches
 * interleaved: one client's values bound to another's statement (08P01) or, when the shapes
 * matched, another's rows answered. And a message that threw left its queue stopped for good.
 * Both are upstream's open issue electric-sql/pglite#1046; the API's pool, pg-boss's pool and
 * the Prisma CLI all hit them under `pnpm start` without DATABASE_URL.
 *
 * Here a connection keeps the session from the first message of a batch until its Sync, and
 * from BEGIN until its transaction ends; a message that fails is answered with its error and
 * the others go on.
 */

/** Frontend messages that open or continue an extended-query batch (ended by Sync). */
const BATCH_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);

type Waiting = {
  connection: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
};

export type SessionDatabase = Pick<
  PGlite,
  'isInTransaction' | 'runExclusive' | 'exec' | 'execProtocolRawStream'
>;

export class EmbeddedSession {
  private waiting: Waiting[] = [];
  private running = false;
  /** The connection whose message ran last: it keeps the session while `held()`. */
  private owner: number | null = null;
  /** Whether the owner's extended-query batch is still open (no Sync yet). */
  private batchOpen = false;

  constructor(private readonly db: SessionDatabase) {}

  /** Runs one protocol message of `connection`; resolves with the bytes answered through `onData`. */
  enqueue(connection: number, message: Uint8Array, onData: (data: Uint8Array) => void) {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ connection, message, onData, resolve, reject });
      void this.run();
    });
  }

  /** A connection closed: what it still had waiting is dropped. */
  clearQueueForHandler(connection: number): void {
    const dropped = this.waiting.filter((w) => w.connection === connection);
    this.waiting = this.waiting.filter((w) => w.connection !== connection);
    for (const w of dropped) w.reject(new Error('connection closed'));
  }

  /** A connection closed: a transaction or batch it left open is ended, and the others go on. */
  async clearTransactionIfNeeded(connection: number): Promise<void> {
    if (this.owner !== connection) return;
    this.batchOpen = false;
    this.owner = null;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    void this.run();
  }

  private held(): boolean {
    return this.owner !== null && (this.batchOpen || this.db.isInTransaction());
  }

  /** The next message allowed to run: the owner's while it holds the session, else the oldest. */
  private next(): Waiting | undefined {
    if (!this.held()) return this.waiting.shift();
    const i = this.waiting.findIndex((w) => w.connection === this.owner);
    return i === -1 ? undefined : this.waiting.splice(i, 1)[0];
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        this.owner = item.connection;
        const type = item.message[0]!;
        if (BATCH_MESSAGES.has(type)) this.batchOpen = true;
        else if (type === SYNC) this.batchOpen = false;
        await this.execute(item);
      }
    } finally {
      this.running = false;
    }
  }

  private async execute(item: Waiting): Promise<void> {
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(item.message, {
          onRawData: (data) => {
            bytes += data.length;
            item.onData(data);
          },
        }),
      );
      item.resolve(bytes);
    } catch (error) {
      // Its connection is told (the handler closes it); the session serves the others.
      item.reject(error as Error);
    }
  }
}
