import { z } from 'zod';
import '../zod-locale.js';
import {
  answerInputSchema,
  answeredSchema,
  availableDepartmentsSchema,
  cancelInputSchema,
  carpoolNotificationSchema,
  confirmedCarpoolSchema,
  confirmedFlagSchema,
  deleteNotificationInputSchema,
  excludeInputSchema,
  matchIdQuerySchema,
  matchInfoSchema,
  myCarpoolsInputSchema,
  myCarpoolsSchema,
  notificationSchema,
  placesInputSchema,
  presenceInputSchema,
  presenceSchema,
  ratingInputSchema,
  reasonLabelInputSchema,
  reasonLabelSchema,
  relationInputSchema,
  relationSchema,
  relationWriteResponseSchema,
  searchInputSchema,
  searchSchema,
  supportersByDepartmentSchema,
  supportersQuerySchema,
} from '../schemas/carpool.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { defineEndpoints } from './define.js';

/** Going to the match together (spec section 7: presence, carpool relations, notifications). */
export const carpoolEndpoints = defineEndpoints({
  'POST /user-transport': { body: presenceInputSchema, response: messageResponseSchema },
  'POST /user-recherche': { body: searchInputSchema, response: messageResponseSchema },
  'GET /user-transport/me': { query: matchIdQuerySchema, response: presenceSchema.nullable() },
  'GET /user-recherche/me': { query: matchIdQuerySchema, response: searchSchema.nullable() },
  'POST /user-transport/modifier-places-dispo': {
    body: placesInputSchema,
    response: messageResponseSchema,
  },
  'GET /users/has-already-answered': { query: matchIdQuerySchema, response: answeredSchema },
  'GET /users/infos-utilisateur': {
    query: matchIdQuerySchema,
    response: matchInfoSchema.nullable(),
  },
  'GET /users/departements-disponibles': {
    query: matchIdQuerySchema,
    response: availableDepartmentsSchema,
  },
  'GET /users/supporters-par-departement-detail': {
    query: supportersQuerySchema,
    response: supportersByDepartmentSchema,
  },
  'DELETE /users/delete-presence-match': {
    query: matchIdQuerySchema,
    response: messageResponseSchema,
  },
  'POST /users/my-covoiturage': { body: myCarpoolsInputSchema, response: myCarpoolsSchema },

  'POST /user-to-user-match': {
    body: relationInputSchema,
    response: relationWriteResponseSchema,
    status: 201,
    reachesMembers: true,
  },
  'POST /user-to-user-match/confirm-covoiturage': {
    body: answerInputSchema,
    response: messageResponseSchema,
  },
  'POST /user-to-user-match/refus-covoiturage': {
    body: answerInputSchema,
    response: messageResponseSchema,
  },
  'POST /user-to-user-match/annuler-covoiturage': {
    body: cancelInputSchema,
    response: messageResponseSchema,
  },
  'POST /user-to-user-match/exclure-covoiturage': {
    body: excludeInputSchema,
    response: messageResponseSchema,
  },
  'GET /user-to-user-match/confirmes': {
    query: matchIdQuerySchema,
    response: z.array(relationSchema),
  },
  'GET /user-to-user-match/mes-relations': {
    query: matchIdQuerySchema,
    response: z.array(relationSchema),
  },
  'GET /user-to-user-match/is-confirmed': {
    query: matchIdQuerySchema,
    response: confirmedFlagSchema,
  },
  'GET /user-to-user-match/mon-covoiturage-confirme': {
    query: matchIdQuerySchema,
    response: confirmedCarpoolSchema.nullable(),
  },
  'POST /user-annulation/motif-libelle': {
    body: reasonLabelInputSchema,
    response: reasonLabelSchema,
  },
  'POST /user-exclusion/motif-libelle': {
    body: reasonLabelInputSchema,
    response: reasonLabelSchema,
  },

  'GET /user-notification/me': { response: z.array(notificationSchema) },
  'GET /notification-covoiturage/:id': {
    params: idParamSchema,
    response: carpoolNotificationSchema,
  },
  /** Beyond the spec: marks read a notification that opens no popup (kickoff moved, refusal). */
  'POST /user-notification/read': {
    body: deleteNotificationInputSchema,
    response: messageResponseSchema,
  },
  'POST /user-notification/delete': {
    body: deleteNotificationInputSchema,
    response: messageResponseSchema,
  },
  'POST /user-notation-covoiturage/bulk': {
    body: ratingInputSchema,
    response: messageResponseSchema,
    reachesMembers: true,
  },
});
