import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

/** Decodes a quoted-printable body (soft line breaks and =XX bytes) as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const input = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The body of the MIME part of type `type` in a nodemailer message (QP, base64 or 7bit). */
function part(raw: string, type: string): string {
  const match = new RegExp(
    `Content-Type: ${type}[^]*?\\r?\\n\\r?\\n([^]*?)(?:\\r?\\n--|$)`,
    'i',
  ).exec(raw);
  if (!match) return '';
  const headerBlock = raw.slice(match.index, match.index + match[0].length - match[1]!.length);
  const body = match[1]!;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headerBlock))
    return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headerBlock))
    return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

function decodeSubject(raw: string): string {
  const line = /^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

/**
 * A real SMTP server on a local port that keeps what it receives. `stop()` then `start()`
 * reuses the same port, so an app configured with it sees an outage and a recovery.
 */
export function smtpSink() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: decodeSubject(raw),
            text: part(raw, 'text/plain'),
            html: part(raw, 'text/html'),
          });
          callback();
        });
      },
    });

  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async start() {
      server = make();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
      port = (server.server.address() as AddressInfo).port;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
type Falsy = null | undefined | false | '' | 0;

export async function waitFor<T>(
  check: () => Promise<T | Falsy> | T | Falsy,
  timeoutMs = 15_000,
  stepMs = 100,
): Promise<Exclude<T, Falsy>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, Falsy>;
    if (Date.now() > end) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
