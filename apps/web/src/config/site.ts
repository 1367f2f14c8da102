/**
 * The product's own name. Everything an operator fills in (legal identity, host, social
 * accounts, ticket office, partner offer) comes from the API instead (GET /site and
 * GET /site/partner, lib/site.ts) and is shown only once filled.
 */
export const SITE = {
  productName: 'Munegu',
} as const;
