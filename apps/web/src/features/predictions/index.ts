/**
 * What other features may use of the prediction game: the popup the home page opens on a
 * match, and the 'Mes pronos' section of a profile. Everything else stays inside the feature.
 */
import { lazy } from 'react';

export { PredictionPopup } from './components/PredictionPopup';
export { MesPronosSection } from './components/MesPronosSection';
export { predictionKeys } from './api';

/** The popup, fetched on first render (wrap it in Suspense): the home page's first load skips it. */
export const LazyPredictionPopup = lazy(() =>
  import('./components/PredictionPopup').then((m) => ({ default: m.PredictionPopup })),
);
