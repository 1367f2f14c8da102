import path from 'node:path';
import type { Infra } from '../../infra.js';
import { mailDispatcher } from '../../jobs/mail.jobs.js';
import { fileTransport, smtpTransport, type MailTransport } from '../../lib/mail/transport.js';
import { mailRepository } from './mail.repository.js';
import { mailService } from './mail.service.js';

/**
 * The mail outbox, built before the other modules (they all take it from the infrastructure).
 * Transport: the one given (tests' SMTP sink), else SMTP when SMTP_URL is set, else .eml files.
 */
export function mailModule(
  infra: Pick<Infra, 'config' | 'db' | 'clock' | 'log' | 'jobs' | 'onClose'>,
  transportOverride?: MailTransport,
) {
  const { config, log } = infra;
  const transport =
    transportOverride ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom, config.mailTimeoutMs)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, log));
  infra.onClose(async () => transport.close?.());
  const mail = mailService({
    repo: mailRepository(infra.db),
    transport,
    dispatcher: infra.jobs
      ? mailDispatcher(infra.jobs.boss, infra.jobs.options)
      : { dispatch: async () => {} },
    clock: infra.clock,
    log,
  });
  return { mail };
}
