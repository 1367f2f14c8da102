/** Moderation (MODERATEUR and above): its pages are lazy routes under /admin (app/routes.tsx). */
export { moderationKeys } from './api';
