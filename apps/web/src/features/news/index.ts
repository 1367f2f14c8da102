/** News and contests as the home page's carousel shows them. */
import { lazy } from 'react';

export * from './api';
export { NewsCard } from './components/NewsCard';
export { ContestGrid } from './components/ContestGrid';
export { NewsPopup } from './components/NewsPopup';

/**
 * The reading popup, fetched on first render (wrap it in Suspense): the home page's first
 * load does not carry it (ContestGrid fetches the editors' contest menu the same way).
 */
export const LazyNewsPopup = lazy(() =>
  import('./components/NewsPopup').then((m) => ({ default: m.NewsPopup })),
);
