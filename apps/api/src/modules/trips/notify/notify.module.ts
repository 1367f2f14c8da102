import type { Infra } from '../../../infra.js';
import { realtimeNotificationPusher } from '../../../realtime/socket-server.js';
import type { GroupsService } from '../../messages/groups.service.js';
import type { ApiRoutes } from '../../module.js';
import type { StopLinks } from '../../predictions/reminder.service.js';
import { announcementsService } from './announcements.service.js';
import { tripNotificationsService } from './notifications.service.js';
import { notifyRepository } from './notify.repository.js';
import { notifyRoutes } from './notify.routes.js';
import { tripReminderService } from './reminder.service.js';

/** What the trips' notifications take from other modules. */
export interface TripNotifyNeeds {
  stopLinks: StopLinks;
  /** Announcements are stored in the trip's group thread by messaging. */
  groups: Pick<GroupsService, 'announce'>;
}

/**
 * Coach trips' notifications (issue 30): tells a promoted member and the registrants of a
 * cancelled trip (tripRegistrationChanged, in its transaction), the registrants and organisers
 * of a match whose kickoff moved (kickoffMoved), the registrants of a trip whose departure or
 * return the organisers changed (tripScheduleChanged), reminds the confirmed ones the
 * day before (the scheduled run, jobs/trips.jobs.ts), and carries the organisers'
 * announcements (POST /deplacements/{id}/annonces).
 */
export function tripNotifyModule(infra: Infra, needs: TripNotifyNeeds) {
  const { db, clock, transaction, events } = infra;
  const repo = notifyRepository(db);
  const notifications = tripNotificationsService({
    repo,
    mail: infra.mail,
    stopLinks: needs.stopLinks,
    pusher: realtimeNotificationPusher(infra.io),
    events,
    clock,
    transaction,
    budgets: infra.budgets,
    ...infra.site,
    log: infra.log,
  });
  const reminders = tripReminderService({ repo, notifications, transaction, clock });
  const announcements = announcementsService({
    repo,
    groups: needs.groups,
    notifications,
    transaction,
    budgets: infra.budgets,
  });
  events.on('tripRegistrationChanged', (change) => notifications.registrationChanged(change));
  events.on('kickoffMoved', ({ matchId }) => notifications.kickoffMoved(matchId));
  events.on('tripScheduleChanged', (change) => notifications.scheduleChanged(change));
  const routes: ApiRoutes = (api) => api.register(notifyRoutes, { announcements });
  return { tripNotifications: notifications, tripReminders: reminders, announcements, routes };
}
