/** Administration (ADMIN): what other features may use — the public partner offer. */
export { partnerKey, usePartner } from './api';
