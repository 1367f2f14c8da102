/** Coach trips organised by the antennas (issue 30): the member's side (public surface). */
export * from './api';
export * from './mutations';
export {
  acceptsRegistrations,
  departureTime,
  fareLabel,
  registrationLabel,
  registrationMessage,
  seatsLeftLabel,
  tripChoiceLabel,
  waitingHint,
  waitingLabel,
  waitsIfRegistering,
} from './labels';
export { PhoneField } from './components/PhoneField';
export { SeatPicker } from './components/SeatPicker';
export { forgetOrganiserData } from './organiser/deviceData';

/**
 * The coach cards of a match, for the home page's match block: fetched once the first page has
 * painted (lib/boot useLoadedAfterFirstPage), so a visitor's first load carries none of it.
 */
export const loadMatchTrips = () => import('./components/MatchTrips').then((m) => m.MatchTrips);
