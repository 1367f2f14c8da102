/**
 * What other features may use of the prediction game: the popup the home page opens on a
 * match, and the 'Mes pronos' section of a profile. Everything else stays inside the feature.
 */
export { PredictionPopup } from './components/PredictionPopup';
export { MesPronosSection } from './components/MesPronosSection';
export { predictionKeys } from './api';
