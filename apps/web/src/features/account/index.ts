/** The pseudo availability check, shared by registration and the settings page. */
export { accountApi } from './api';
