/** Moderation (MODERATEUR and above): its pages are lazy routes under /admin (app/routes.tsx). */
export { moderationKeys, useOpenReportCount } from './api';
/** The open-report count the staff navigation shows (profile menu, Modération tab). */
export { OpenReportsCount, openReportsLabel } from './components/OpenReportsCount';
