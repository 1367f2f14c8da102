import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  groupListSchema,
  groupMessageSchema,
  groupMessagesPageSchema,
  sendGroupMessageSchema,
} from '../schemas/message-groups.js';
import { loadMoreQuerySchema } from '../schemas/messages.js';
import { defineEndpoints } from './define.js';

/** Issue 30: group threads (a carpool's car, later a coach trip). Members only. */
export const groupEndpoints = defineEndpoints({
  'GET /messages/groupes': { response: groupListSchema },
  'GET /messages/groupes/:id': {
    params: idParamSchema,
    query: loadMoreQuerySchema,
    response: groupMessagesPageSchema,
  },
  'POST /messages/groupes/:id': {
    params: idParamSchema,
    body: sendGroupMessageSchema,
    response: groupMessageSchema,
    status: 201,
    reachesMembers: true,
  },
  'PATCH /messages/groupes/:id/mark-read': {
    params: idParamSchema,
    response: messageResponseSchema,
  },
} as const);
