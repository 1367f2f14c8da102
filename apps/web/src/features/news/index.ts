/** News and contests as the home page's carousel shows them. */
import { lazy } from 'react';

export * from './api';
export { NewsCard } from './components/NewsCard';
export { ContestCard } from './components/ContestCard';
export { NewsPopup } from './components/NewsPopup';
export { ContestActions } from './components/ContestEditor';

/**
 * The same, fetched on first render (wrap them in Suspense): the home page's first load
 * carries neither the reading popup nor the editors' contest form.
 */
export const LazyNewsPopup = lazy(() =>
  import('./components/NewsPopup').then((m) => ({ default: m.NewsPopup })),
);
export const LazyContestActions = lazy(() =>
  import('./components/ContestEditor').then((m) => ({ default: m.ContestActions })),
);
