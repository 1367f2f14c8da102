import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout } from './layout.js';
import { fileTransport, smtpTransport } from './transport.js';

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

describe('SMTP transport', () => {
  it('gives up on a server that accepts the connection and never answers, after MAIL_TIMEOUT_MS', async () => {
    // A hung SMTP server: the TCP connection opens, no greeting ever comes.
    const sockets: Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const transport = smtpTransport(
      `smtp://127.0.0.1:${port}`,
      'Munegu <no-reply@munegu.test>',
      600,
    );
    const started = Date.now();
    try {
      await expect(
        transport.send({
          to: 'zoe@example.com',
          subject: 'Test',
          text: 'Bonjour',
          html: '<p>Bonjour</p>',
        }),
      ).rejects.toThrow();
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(500);
      expect(waited).toBeLessThan(10_000);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      transport.close?.();
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  });
});
