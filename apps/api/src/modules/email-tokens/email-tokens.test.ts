import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { hashToken } from '../../lib/tokens.js';
import { emailTokensRepository } from './email-tokens.repository.js';
import { EMAIL_TOKEN_TTL_MS, emailTokensService } from './email-tokens.service.js';

let t: TestApp;
let tokens: ReturnType<typeof emailTokensService>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = emailTokensService({
    repo: emailTokensRepository(t.db),
    clock: t.clock,
    publicUrl: 'https://munegu.test',
  });
});
afterAll(() => t.close());

describe('e-mailed tokens', () => {
  it('stores only a hash and builds the link of its page', async () => {
    const user = await createUser(t.db);
    const { token, link } = await tokens.issue(user.id, 'RESET_PASSWORD');
    expect(link).toBe(`https://munegu.test/new-password/${token}`);
    const rows = await t.db.emailToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('works once, for its own purpose, before it expires', async () => {
    const user = await createUser(t.db);
    t.clock.set('2026-11-21T10:00:00Z');
    const { token } = await tokens.issue(user.id, 'CONFIRM_EMAIL');
    expect(await tokens.consume(token, ['RESET_PASSWORD'])).toBeNull();
    expect(await tokens.peek(token, ['CONFIRM_EMAIL'])).toMatchObject({ userId: user.id });
    expect(await tokens.consume(token, ['CONFIRM_EMAIL'])).toMatchObject({ userId: user.id });
    expect(await tokens.consume(token, ['CONFIRM_EMAIL'])).toBeNull();

    const late = await tokens.issue(user.id, 'CONFIRM_EMAIL');
    t.clock.advance(EMAIL_TOKEN_TTL_MS.CONFIRM_EMAIL);
    expect(await tokens.consume(late.token, ['CONFIRM_EMAIL'])).toBeNull();
    t.clock.reset();
  });

  it('can retire the previous link of the same purpose', async () => {
    const user = await createUser(t.db);
    const first = await tokens.issue(user.id, 'RESET_PASSWORD');
    const second = await tokens.issue(user.id, 'RESET_PASSWORD', { replacePrevious: true });
    expect(await tokens.consume(first.token, ['RESET_PASSWORD'])).toBeNull();
    expect(await tokens.consume(second.token, ['RESET_PASSWORD'])).not.toBeNull();
  });

  it('refuses garbage without touching the database', async () => {
    expect(await tokens.consume('', ['CONFIRM_EMAIL'])).toBeNull();
    expect(await tokens.consume('x'.repeat(500), ['CONFIRM_EMAIL'])).toBeNull();
  });
});
