/** News and contests as the home page's carousel shows them. */
export * from './api';
export { NewsCard } from './components/NewsCard';
export { NewsPopup } from './components/NewsPopup';
export { ContestActions } from './components/ContestEditor';
