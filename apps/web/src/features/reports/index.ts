/** Reporting a member to the moderators: from a profile, a message, or a carpool cancellation. */
export { reportKeys, useReportReasons } from './api';
export { ReportDialog, type ReportSubject } from './components/ReportDialog';
