/** The navbar's notification bell. */
export { NotificationBell } from './components/NotificationBell';
