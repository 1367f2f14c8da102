import { accountEndpoints } from './accounts.js';
import { administrationEndpoints } from './administration.js';
import { carpoolEndpoints } from './carpool.js';
import { communityEndpoints } from './community.js';
import { gameEndpoints } from './game.js';
import { groupEndpoints } from './groups.js';
import { moderationEndpoints } from './moderation.js';
import { pushEndpoints } from './push.js';
import { tripEndpoints } from './trips.js';

export * from './define.js';

/**
 * Every API endpoint (spec section 7), relative to /api. A new feature adds its table here;
 * `apps/api/test/endpoints.test.ts` checks that the API serves exactly these routes.
 */
export const endpoints = {
  ...accountEndpoints,
  ...gameEndpoints,
  ...communityEndpoints,
  ...groupEndpoints,
  ...carpoolEndpoints,
  ...administrationEndpoints,
  ...moderationEndpoints,
  ...pushEndpoints,
  ...tripEndpoints,
};
export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
