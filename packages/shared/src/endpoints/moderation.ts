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
import { memberSearchQuerySchema } from '../schemas/administration.js';
import {
  moderationMemberSchema,
  moderationSearchResultSchema,
  openReportsCountSchema,
  queuePageSchema,
  queueQuerySchema,
} from '../schemas/moderation-workspace.js';
import { defineEndpoints } from './define.js';

/**
 * Moderation (MODERATEUR and above): the reports queue and its actions, sanctions on a member
 * without a report, the suspended members and the audit log (read only: no route edits it).
 * A sanction mails the moderator's reason to the member, so it reaches members: a moderator an
 * admin has silenced cannot impose one (dismissing and lifting mail nothing, and stay open).
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
    reachesMembers: true,
  },
  'POST /moderation/reports/:id/suspend': {
    params: idParamSchema,
    body: suspendSchema,
    response: sanctionResponseSchema,
    reachesMembers: true,
  },
  'POST /moderation/reports/:id/ban': {
    params: idParamSchema,
    body: sanctionSchema,
    response: sanctionResponseSchema,
    reachesMembers: true,
  },
  'GET /moderation/users/suspended': { response: z.array(suspendedMemberSchema) },
  'POST /moderation/users/:id/warn': {
    params: idParamSchema,
    body: sanctionSchema,
    response: messageResponseSchema,
    reachesMembers: true,
  },
  'POST /moderation/users/:id/silence': {
    params: idParamSchema,
    body: silenceSchema,
    response: silenceResponseSchema,
    reachesMembers: true,
  },
  'POST /moderation/users/:id/suspend': {
    params: idParamSchema,
    body: suspendSchema,
    response: sanctionResponseSchema,
    reachesMembers: true,
  },
  'POST /moderation/users/:id/ban': {
    params: idParamSchema,
    body: sanctionSchema,
    response: sanctionResponseSchema,
    reachesMembers: true,
  },
  'POST /moderation/users/:id/lift': {
    params: idParamSchema,
    body: optionalReasonSchema,
    response: messageResponseSchema,
  },
  'GET /moderation/audit': { query: auditQuerySchema, response: auditPageSchema },
  // The workspace: the queue grouped per reported member, its count, the member search and
  // a member's moderation page (schemas/moderation-workspace.ts).
  'GET /moderation/queue': { query: queueQuerySchema, response: queuePageSchema },
  'GET /moderation/reports/count': { response: openReportsCountSchema },
  'GET /moderation/users': {
    query: memberSearchQuerySchema,
    response: z.array(moderationSearchResultSchema),
  },
  'GET /moderation/users/:id': { params: idParamSchema, response: moderationMemberSchema },
} as const);
