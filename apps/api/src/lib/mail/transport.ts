import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The outbox row's id. It becomes the Message-ID, so the same mail sent twice (the SMTP
   * server took it but the worker died before recording it) carries the same Message-ID and
   * mail servers and clients can drop the copy.
   */
  outboxId?: string;
}

/** `<id@domain of the sender>`: a Message-ID stable across the retries of one outbox row. */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'munegu.local';
  return `<${outboxId}@${domain}>`;
}

/** Where mails leave the application. Swapped in tests (SMTP sink) and by configuration. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

const TIMEOUTS = ['connectionTimeout', 'greetingTimeout', 'socketTimeout'] as const;

/**
 * `timeoutMs` bounds connecting, the server's greeting and every wait for an answer. It goes
 * into the URL's query, which nodemailer reads as options (given an object with `url`, it keeps
 * the URL's options only); a timeout the operator already wrote in SMTP_URL wins.
 */
export function smtpTransport(smtpUrl: string, from: string, timeoutMs = 30_000): MailTransport {
  const url = new URL(smtpUrl);
  for (const name of TIMEOUTS)
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(timeoutMs));
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send({ outboxId, ...mail }) {
      await transporter.sendMail({
        from,
        ...mail,
        ...(outboxId ? { messageId: messageIdOf(outboxId, from) } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * Without SMTP, each mail is written as an .eml file under `dir`. The file path and the links of
 * the text part are logged: someone trying the product locally has no mailbox, and the
 * confirmation or reset link in the log is how they finish registering. It is the only place
 * a link is logged; with SMTP configured nothing here runs.
 */
export function fileTransport(
  dir: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send({ outboxId, ...mail }) {
      const info = await builder.sendMail({
        from,
        ...mail,
        ...(outboxId ? { messageId: messageIdOf(outboxId, from) } : {}),
      });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { file, to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [] },
        'mail écrit sur disque',
      );
    },
  };
}
