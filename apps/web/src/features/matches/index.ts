/** The matches feature's public surface: the match data hooks and helpers other features show. */
export * from './api';
