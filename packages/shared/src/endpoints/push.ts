import { messageResponseSchema } from '../schemas/common.js';
import {
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../schemas/push.js';
import { defineEndpoints } from './define.js';

/** Web push of the installable app: this device's subscription and the member's choices. */
export const pushEndpoints = defineEndpoints({
  'GET /push/public-key': { response: pushPublicKeySchema },
  'POST /push/subscriptions': {
    body: pushSubscriptionSchema,
    response: messageResponseSchema,
    status: 201,
  },
  'DELETE /push/subscriptions': { body: pushUnsubscribeSchema, response: messageResponseSchema },
  'GET /push/preferences': { response: pushPreferencesSchema },
  'PUT /push/preferences': { body: pushPreferencesSchema, response: pushPreferencesSchema },
} as const);
