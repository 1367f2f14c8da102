import { z } from 'zod';
import '../zod-locale.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  auditPageSchema,
  auditQuerySchema,
  optionalReasonSchema,
  reportsPageSchema,
  reportsQuerySchema,
  sanctionResponseSchema,
  sanctionSchema,
  silenceResponseSchema,
  silenceSchema,
  suspendedMemberSchema,
  suspendSchema,
} from '../schemas/moderation.js';
import { defineEndpoints } from './define.js';

/**
 * Moderation (MODERATEUR and above): the reports queue and its actions, sanctions on a member
 * without a report, the suspended members and the audit log (read only: no route edits it).
 */
export const moderationEndpoints = defineEndpoints({
  'GET /moderation/reports': { query: reportsQuerySchema, response: reportsPageSchema },
  'POST /moderation/reports/:id/dismiss': {
    params: idParamSchema,
    body: optionalReasonSchema,
    response: messageResponseSchema,
  },
  'POST /moderation/reports/:id/warn': {
    params: idParamSchema,
    body: sanctionSchema,
    response: messageResponseSchema,
  },
  'POST /moderation/reports/:id/suspend': {
    params: idParamSchema,
    body: suspendSchema,
    response: sanctionResponseSchema,
  },
  'POST /moderation/reports/:id/ban': {
    params: idParamSchema,
    body: sanctionSchema,
    response: sanctionResponseSchema,
  },
  'GET /moderation/users/suspended': { response: z.array(suspendedMemberSchema) },
  'POST /moderation/users/:id/warn': {
    params: idParamSchema,
    body: sanctionSchema,
    response: messageResponseSchema,
  },
  'POST /moderation/users/:id/silence': {
    params: idParamSchema,
    body: silenceSchema,
    response: silenceResponseSchema,
  },
  'POST /moderation/users/:id/suspend': {
    params: idParamSchema,
    body: suspendSchema,
    response: sanctionResponseSchema,
  },
  'POST /moderation/users/:id/ban': {
    params: idParamSchema,
    body: sanctionSchema,
    response: sanctionResponseSchema,
  },
  'POST /moderation/users/:id/lift': {
    params: idParamSchema,
    body: optionalReasonSchema,
    response: messageResponseSchema,
  },
  'GET /moderation/audit': { query: auditQuerySchema, response: auditPageSchema },
} as const);
