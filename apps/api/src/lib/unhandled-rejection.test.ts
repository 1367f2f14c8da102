import { describe, expect, it, vi } from 'vitest';
import { unhandledRejectionHandler } from './unhandled-rejection.js';

describe('unhandled rejections', () => {
  const setup = () => {
    const log = { warn: vi.fn(), fatal: vi.fn() };
    const exit = vi.fn();
    return { log, exit, handle: unhandledRejectionHandler(log, exit) };
  };

  it('keeps the API running when a lost write only says the database is unavailable', () => {
    const { log, exit, handle } = setup();
    // What pg-boss's unawaited completion rejects with while PostgreSQL shuts down.
    handle(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }));
    handle(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    handle(new Error('Connection terminated unexpectedly'));
    expect(exit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(log.fatal).not.toHaveBeenCalled();
  });

  it('ends the process, logged, for any other rejection', () => {
    const { log, exit, handle } = setup();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    handle(bug);
    expect(log.fatal).toHaveBeenCalledWith({ err: bug }, 'promesse rejetée sans traitement');
    expect(exit).toHaveBeenCalledWith(1);
    handle(Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(exit).toHaveBeenCalledTimes(2);
  });
});
