/** The navbar's messages link with its unread badge (and the live updates behind it). */
export { MessagesLink } from './components/MessagesLink';
