/** Reference lists (departments, antennas) for every form that offers them. */
export * from './api';
