import { z } from 'zod';
import '../zod-locale.js';
import {
  adminAntennaSchema,
  adminCategorySchema,
  adminClubFeedSchema,
  adminReasonSchema,
  adminTransportSchema,
  antennaInputSchema,
  categoryInputSchema,
  grantTitleInputSchema,
  liveFeedInputSchema,
  memberDetailSchema,
  memberSearchQuerySchema,
  memberSummarySchema,
  memberTitleParamsSchema,
  partnerInputSchema,
  partnerSchema,
  siteInfoSchema,
  posteInputSchema,
  reasonCreateSchema,
  reasonOrderSchema,
  reasonRenameSchema,
  roleInputSchema,
  titleInputSchema,
  titleWithHoldersSchema,
  transportInputSchema,
} from '../schemas/administration.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { defineEndpoints, writeEndpoints } from './define.js';

/**
 * Administration: every /administration route is for ADMIN only (401 anonymous, 403 below).
 * GET /site/partner is the public read of the partner offer, GET /site of the operator's
 * content (legal identity, host, social accounts, ticket office).
 */
export const administrationEndpoints = defineEndpoints({
  'GET /site': { response: siteInfoSchema },
  'GET /site/partner': { response: partnerSchema },

  'GET /administration/membres': {
    query: memberSearchQuerySchema,
    response: z.array(memberSummarySchema),
  },
  'GET /administration/membres/:id': { params: idParamSchema, response: memberDetailSchema },
  'PUT /administration/membres/:id/role': {
    params: idParamSchema,
    body: roleInputSchema,
    response: memberDetailSchema,
  },
  'PUT /administration/membres/:id/poste': {
    params: idParamSchema,
    body: posteInputSchema,
    response: memberDetailSchema,
  },
  'POST /administration/membres/:id/titres': {
    params: idParamSchema,
    body: grantTitleInputSchema,
    response: memberDetailSchema,
  },
  'DELETE /administration/membres/:id/titres/:titleId': {
    params: memberTitleParamsSchema,
    response: memberDetailSchema,
  },

  'GET /administration/titres': { response: z.array(titleWithHoldersSchema) },
  ...writeEndpoints('/administration/titres', titleInputSchema, titleWithHoldersSchema),

  'GET /administration/antennes': { response: z.array(adminAntennaSchema) },
  ...writeEndpoints('/administration/antennes', antennaInputSchema, adminAntennaSchema),

  'GET /administration/motifs': { response: z.array(adminReasonSchema) },
  'POST /administration/motifs': {
    body: reasonCreateSchema,
    response: adminReasonSchema,
    status: 201,
  },
  'PUT /administration/motifs/ordre': {
    body: reasonOrderSchema,
    response: z.array(adminReasonSchema),
  },
  'PUT /administration/motifs/:id': {
    params: idParamSchema,
    body: reasonRenameSchema,
    response: adminReasonSchema,
  },
  'DELETE /administration/motifs/:id': { params: idParamSchema, response: messageResponseSchema },

  'GET /administration/categories-actualite': { response: z.array(adminCategorySchema) },
  ...writeEndpoints(
    '/administration/categories-actualite',
    categoryInputSchema,
    adminCategorySchema,
  ),

  'GET /administration/transports': { response: z.array(adminTransportSchema) },
  ...writeEndpoints('/administration/transports', transportInputSchema, adminTransportSchema),

  'PUT /administration/partner': { body: partnerInputSchema, response: partnerSchema },
  'GET /administration/clubs': { response: z.array(adminClubFeedSchema) },
  'PUT /administration/clubs/:id/live-feed': {
    params: idParamSchema,
    body: liveFeedInputSchema,
    response: adminClubFeedSchema,
  },
});
