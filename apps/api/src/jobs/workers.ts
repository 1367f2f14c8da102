import type PgBoss from 'pg-boss';
import type { Infra } from '../infra.js';
import type { PrivacyService } from '../modules/account/privacy.service.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { KickoffAnnouncer } from '../modules/admin-matches/kickoff-announcer.js';
import type { NotificationsService } from '../modules/carpool/notifications.service.js';
import type { UploadsSweepService } from '../modules/news/uploads-sweep.service.js';
import type { SanctionsService } from '../modules/moderation/sanctions.service.js';
import type { ReminderService } from '../modules/predictions/reminder.service.js';
import type { PushService } from '../modules/push/push.service.js';
import type { TripReminderService } from '../modules/trips/notify/reminder.service.js';
import { registerAccountJobs } from './account.jobs.js';
import { registerCarpoolJobs } from './carpool.jobs.js';
import { registerMaintenanceJobs, registerUploadsSweep } from './maintenance.jobs.js';
import { registerMatchJobs } from './matches.jobs.js';
import { registerModerationJobs } from './moderation.jobs.js';
import { registerPredictionJobs } from './predictions.jobs.js';
import { registerPushJobs } from './push.jobs.js';
import { registerTripJobs } from './trips.jobs.js';

/** Registers one module's worker on the queue; returns its stop function. */
export type JobWorker = (boss: PgBoss) => Promise<() => void>;

/**
 * The modules' background workers besides the mail outbox's (plugins/jobs.ts starts them one
 * after another with pg-boss): the daily account run, prediction reminders, the end of
 * suspensions, held-back carpool mails, moved kickoffs' announcements, coach trips' day-before reminders, the sweep of unused
 * uploaded images, the rate-counter purge (shared counters only) and push delivery.
 */
export function jobWorkers(
  { config, log, counters }: Infra,
  jobs: NonNullable<Infra['jobs']>,
  services: {
    privacy: Pick<PrivacyService, 'runInactivity'>;
    auth: Pick<AuthService, 'purgeExpired'>;
    reminders: Pick<ReminderService, 'sendDue'>;
    sanctions: Pick<SanctionsService, 'liftExpired'>;
    carpoolNotifications: Pick<NotificationsService, 'sendDueDigests'>;
    kickoffs: Pick<KickoffAnnouncer, 'announceDue'>;
    push: Pick<PushService, 'deliver'>;
    tripReminders: Pick<TripReminderService, 'sendDue'>;
    uploads: Pick<UploadsSweepService, 'sweep'>;
  },
): JobWorker[] {
  const { schedules } = config;
  return [
    (b) => registerAccountJobs(b, schedules.accounts, services.privacy, services.auth, log),
    (b) => registerPredictionJobs(b, schedules.reminders, services.reminders, log),
    (b) => registerModerationJobs(b, schedules.suspensions, services.sanctions, log),
    (b) => registerCarpoolJobs(b, schedules.carpoolDigests, services.carpoolNotifications, log),
    (b) => registerMatchJobs(b, schedules.kickoffAnnouncements, services.kickoffs, log),
    (b) => registerTripJobs(b, schedules.tripReminders, services.tripReminders, log),
    (b) => registerUploadsSweep(b, schedules.uploadsSweep, services.uploads, log),
    ...(counters ? [(b: PgBoss) => registerMaintenanceJobs(b, counters)] : []),
    (b) =>
      registerPushJobs(
        b,
        services.push,
        { ...jobs.options, concurrency: config.push.concurrency, batchSize: config.push.batchSize },
        log,
      ),
  ];
}
