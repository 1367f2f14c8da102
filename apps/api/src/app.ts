import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import { transactionRunner } from './db/tx.js';
import { mailDispatcher } from './jobs/mail.jobs.js';
import { createQueue, type JobsOptions } from './jobs/queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { fileTransport, smtpTransport, type MailTransport } from './lib/mail/transport.js';
import { contactRepository } from './modules/contact/contact.repository.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { contactService } from './modules/contact/contact.service.js';
import { healthRepository } from './modules/health/health.repository.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { healthService } from './modules/health/health.service.js';
import { mailRepository } from './modules/mail/mail.repository.js';
import { mailService, type MailDispatcher, type MailService } from './modules/mail/mail.service.js';
import { matchesRepository } from './modules/matches/matches.repository.js';
import { matchesRoutes } from './modules/matches/matches.routes.js';
import { matchesService } from './modules/matches/matches.service.js';
import { referenceRepository } from './modules/reference/reference.repository.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { referenceService } from './modules/reference/reference.service.js';
import { dbPlugin } from './plugins/db.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { jobsPlugin } from './plugins/jobs.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { authPlugin } from './plugins/auth.js';
import { tokenSigner } from './lib/tokens.js';
import { callerRepository } from './modules/auth/caller.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox, for modules that send mail and for operators' scripts. */
    mail: MailService;
  }
}

export interface AppDeps {
  config: Config;
  /** Opened by the caller (createDb); the app disconnects it when it closes. */
  db: Db;
  /** Connection string for the job queue's own pool; required unless `jobs` is false. */
  databaseUrl: string;
  clock?: Clock;
  /** Default: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
  mailTransport?: MailTransport;
  /** false: no pg-boss and no workers (mails stay in the outbox for another instance). */
  jobs?: JobsOptions | false;
  logger?: FastifyServerOptions['logger'];
}

/** Never log credentials, even at debug level. Request bodies are never logged at all. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.access_token',
];

/** The composition root: builds every repository and service once and registers the routes. */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, redact: LOG_REDACT },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = deps.clock ?? systemClock;
  const transport =
    deps.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, app.log));
  const jobsOptions = deps.jobs === false ? null : (deps.jobs ?? {});
  const boss = jobsOptions ? createQueue(deps.databaseUrl, app.log) : null;
  const dispatcher: MailDispatcher =
    boss && jobsOptions ? mailDispatcher(boss, jobsOptions) : { dispatch: async () => {} };

  const mail = mailService({
    repo: mailRepository(db),
    transport,
    dispatcher,
    clock,
    log: app.log,
  });
  const health = healthService({ repo: healthRepository(db) });
  const reference = referenceService({ repo: referenceRepository(db) });
  const matches = matchesService({ repo: matchesRepository(db), clock });
  const contact = contactService({
    repo: contactRepository(db),
    mail,
    transaction: transactionRunner(db),
    contactEmail: config.contactEmail,
    associationName: config.associationName,
  });

  app.decorate('mail', mail);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { db });
  await app.register(securityPlugin, {
    https: config.publicUrl.startsWith('https:'),
    cookieSecret: config.jwtSecret,
  });
  await app.register(authPlugin, {
    callers: callerRepository(db),
    tokens: tokenSigner(config.jwtSecret),
    clock,
  });
  await app.register(openapiPlugin);
  if (boss && jobsOptions) await app.register(jobsPlugin, { boss, mail, options: jobsOptions });
  else app.decorate('boss', null);
  app.addHook('onClose', async () => transport.close?.());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health });
      await api.register(referenceRoutes, { reference });
      await api.register(matchesRoutes, { matches });
      await api.register(contactRoutes, { contact });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, {
    webDist: config.webDist,
    uploadsDir: path.join(config.dataDir, 'uploads'),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
