/** Administration (ADMIN): what other features may use — the public partner offer. */
export { partnerKey, prefetchPartner, usePartner } from './api';
