/** The navbar's messages link with its unread badge (and the live updates behind it). */
export { MessagesLink } from './components/MessagesLink';
/** The group threads' query keys: a carpool write that opens or closes a car's thread. */
export { groupKeys } from './groups';
