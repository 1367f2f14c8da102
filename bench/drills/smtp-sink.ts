/**
 * A real SMTP server on a fixed port for the drills (the `smtp-server` package, as the API's
 * mail tests use): it keeps each mail's Message-ID and raw text. stop() closes the
 * port (connections refused), start() opens the same port again.
 */
import { createRequire } from 'node:module';

/** The part of smtp-server's API used here (typed here: its own types are not installed). */
interface SMTPServerType {
  listen(port: number, host: string, cb: () => void): void;
  once(event: 'error', cb: (err: Error) => void): void;
  close(cb: () => void): void;
}
interface SMTPServerOptions {
  authOptional: boolean;
  disabledCommands: string[];
  logger: boolean;
  onData(
    stream: NodeJS.ReadableStream,
    session: unknown,
    callback: (err?: Error | null) => void,
  ): void;
}
const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as {
  SMTPServer: new (opts: SMTPServerOptions) => SMTPServerType;
};

export interface SunkMail {
  messageId: string;
  raw: string;
  at: number;
}

export function drillSmtpSink(port: number) {
  const received: SunkMail[] = [];
  let server: SMTPServerType | null = null;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    async start() {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => void chunks.push(c));
          stream.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            // Read from the headers as sent: an encoded-word header (`Subject: =?UTF-8?Q?…?=`)
            // ends in '=' too, and joining it to the next line would hide the Message-ID.
            const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(text)?.[1] ?? '';
            // Quoted-printable soft line breaks removed, so a token split across lines matches.
            const raw = text.replace(/=\r?\n/g, '');
            received.push({ messageId, raw, at: Date.now() });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
