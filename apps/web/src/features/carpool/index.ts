/** Going to the match together: presence, MuneguMap, carpools, ratings (public surface). */
import { lazy } from 'react';

export * from './api';
export * from './mutations';
export { PresenceDialog } from './presence/PresenceDialog';
export { PlacesEditor } from './presence/PlacesEditor';
export { RatingDialog } from './rating/RatingDialog';
export { CancelCarpoolDialog } from './cancel/CancelCarpoolDialog';
export { ExcludePassengerDialog } from './cancel/ExcludePassengerDialog';
export { CarpoolMembersDialog } from './members/CarpoolMembersDialog';
export { MuneguMapDialog } from './map/MuneguMapDialog';

/**
 * The dialogs the home page opens on demand, each fetched on first render (wrap them in
 * Suspense, e.g. lib/boot/Deferred): a visitor's first load carries none of their code.
 */
export const LazyPresenceDialog = lazy(() =>
  import('./presence/PresenceDialog').then((m) => ({ default: m.PresenceDialog })),
);
export const LazyRatingDialog = lazy(() =>
  import('./rating/RatingDialog').then((m) => ({ default: m.RatingDialog })),
);
export const LazyMuneguMapDialog = lazy(() =>
  import('./map/MuneguMapDialog').then((m) => ({ default: m.MuneguMapDialog })),
);
export { PropositionDialog } from './map/PropositionDialog';
export {
  propositionFromNotification,
  propositionFromSupporter,
  type Proposition,
} from './map/proposition';
