import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout } from './layout.js';
import { fileTransport } from './transport.js';

describe('file transport (no SMTP configured)', () => {
  it('writes an .eml file and logs its path and links', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'munegu-mail-'));
    const logged: unknown[] = [];
    const transport = fileTransport(dir, 'Munegu <no-reply@munegu.test>', {
      info: (obj: unknown) => void logged.push(obj),
    } as never);
    const content = layout({
      subject: 'Confirmez votre adresse',
      greeting: 'Bonjour Zoé,',
      blocks: [
        { action: { label: 'Confirmer', url: 'http://localhost:3000/email-confirmed/abc' } },
      ],
      signature: '— Munegu',
    });
    await transport.send({ to: 'zoe@example.com', ...content });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(logged[0]).toMatchObject({
      file: path.join(dir, files[0]!),
      links: ['http://localhost:3000/email-confirmed/abc'],
    });
  });
});
