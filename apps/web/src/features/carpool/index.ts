/** Going to the match together: presence, MuneguMap, carpools, ratings (public surface). */
export * from './api';
export * from './mutations';
export { PresenceDialog } from './presence/PresenceDialog';
export { PlacesEditor } from './presence/PlacesEditor';
export { RatingDialog } from './rating/RatingDialog';
export { CancelCarpoolDialog } from './cancel/CancelCarpoolDialog';
export { ExcludePassengerDialog } from './cancel/ExcludePassengerDialog';
export { CarpoolMembersDialog } from './members/CarpoolMembersDialog';
export { MuneguMapDialog } from './map/MuneguMapDialog';
export { PropositionDialog } from './map/PropositionDialog';
export {
  propositionFromNotification,
  propositionFromSupporter,
  type Proposition,
} from './map/proposition';
