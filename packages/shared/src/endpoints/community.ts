import { z } from 'zod';
import '../zod-locale.js';
import { healthSchema, idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { contactRequestSchema } from '../schemas/contact.js';
import {
  contestImageResponseSchema,
  contestInputSchema,
  contestSchema,
  contestWriteResponseSchema,
  newsCreateSchema,
  newsItemSchema,
  newsUpdateSchema,
  newsWriteResponseSchema,
  proxyTweetResponseSchema,
  tweetExistsSchema,
  tweetLinkSchema,
} from '../schemas/news.js';
import {
  conversationDetailSchema,
  conversationIdParamSchema,
  conversationListSchema,
  conversationUserParamSchema,
  loadMoreQuerySchema,
  messagesPageSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../schemas/messages.js';
import {
  antennaSchema,
  departmentSchema,
  newsCategorySchema,
  reasonSchema,
  reportSectionParamSchema,
  transportTypeSchema,
} from '../schemas/reference.js';
import { reportRequestSchema } from '../schemas/reports.js';
import {
  avatarDataSchema,
  avatarFileParamSchema,
  avatarUploadResponseSchema,
  departementResponseSchema,
  ownProfileSchema,
  personalDataSchema,
  updateProfileResponseSchema,
  updateProfileSchema,
  usernameParamSchema,
  userProfileSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '../schemas/users.js';
import { defineEndpoints, writeEndpoints } from './define.js';

/** Spec section 7: profiles, private messages, reports, contact, reference lists, health. */
export const communityEndpoints = defineEndpoints({
  'GET /health': { response: healthSchema },
  'GET /transport': { response: z.array(transportTypeSchema) },
  'GET /antennes': { response: z.array(antennaSchema) },
  'GET /categorie-actualite': { response: z.array(newsCategorySchema) },
  'GET /actualite': { response: z.array(newsItemSchema) },
  'GET /actualite/exists': { query: tweetLinkSchema, response: tweetExistsSchema },
  'POST /actualite/proxy-tweet': { body: tweetLinkSchema, response: proxyTweetResponseSchema },
  // Publishing reaches every member: a silenced editor cannot, and can still delete.
  'POST /actualite': {
    body: newsCreateSchema,
    response: newsWriteResponseSchema,
    status: 201,
    reachesMembers: true,
  },
  'PUT /actualite/:id': {
    params: idParamSchema,
    body: newsUpdateSchema,
    response: newsWriteResponseSchema,
    reachesMembers: true,
  },
  'DELETE /actualite/:id': { params: idParamSchema, response: messageResponseSchema },
  'GET /concours': { response: z.array(contestSchema) },
  /** The contest visual, re-encoded and stored; its path goes in the contest's body. */
  'POST /concours/image': { upload: true, response: contestImageResponseSchema },
  ...writeEndpoints('/concours', contestInputSchema, contestWriteResponseSchema, {
    reachesMembers: true,
  }),
  'GET /motifs-annulation': { response: z.array(reasonSchema) },
  'GET /motifs-exclusion': { response: z.array(reasonSchema) },
  'GET /motifs-signalement/:section': {
    params: reportSectionParamSchema,
    response: z.array(reasonSchema),
  },
  'GET /departements': { response: z.array(departmentSchema) },
  'POST /contact': { body: contactRequestSchema, response: messageResponseSchema },
  'POST /user-signalement': {
    body: reportRequestSchema,
    response: messageResponseSchema,
    reachesMembers: true,
  },

  'GET /users/me': { response: ownProfileSchema },
  'GET /users/me-personal': { response: personalDataSchema },
  'GET /users/by-username/:username': { params: usernameParamSchema, response: userProfileSchema },
  'GET /users/departement': { response: departementResponseSchema },
  'PATCH /users/me': { body: updateProfileSchema, response: updateProfileResponseSchema },
  'GET /users/search': { query: userSearchQuerySchema, response: z.array(userSearchResultSchema) },
  'POST /users/upload-profile-picture': { upload: true, response: avatarUploadResponseSchema },
  'DELETE /users/profile-picture': { response: messageResponseSchema },
  'GET /users/avatar/:file': { params: avatarFileParamSchema, response: avatarDataSchema },

  'GET /messages/unread-count': { response: unreadCountSchema },
  'GET /messages/conversations': { response: conversationListSchema },
  'GET /messages/conversation/:userId': {
    params: conversationUserParamSchema,
    response: conversationDetailSchema,
  },
  'GET /messages/conversation/:id/load-more': {
    params: idParamSchema,
    query: loadMoreQuerySchema,
    response: messagesPageSchema,
  },
  'POST /messages/send': {
    body: sendMessageSchema,
    response: sendMessageResponseSchema,
    reachesMembers: true,
  },
  'POST /messages/accept/:conversationId': {
    params: conversationIdParamSchema,
    response: messageResponseSchema,
  },
  'PATCH /messages/conversation/:id/mark-read': {
    params: idParamSchema,
    response: messageResponseSchema,
  },
  'PATCH /messages/conversation/:id/block': {
    params: idParamSchema,
    response: messageResponseSchema,
  },
  'PATCH /messages/conversation/:id/unblock': {
    params: idParamSchema,
    response: messageResponseSchema,
  },
} as const);
