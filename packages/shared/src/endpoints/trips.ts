import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { groupMessageSchema } from '../schemas/message-groups.js';
import {
  announcementInputSchema,
  organizationSchema,
  organizersInputSchema,
  organizersSchema,
  registrantListSchema,
  registrantParamsSchema,
  registrantPatchSchema,
  registrantSchema,
  tripRegistrationInputSchema,
  registrationResultSchema,
  tripInputSchema,
  tripListSchema,
  tripSchema,
  tripsQuerySchema,
} from '../schemas/trips.js';
import { defineEndpoints } from './define.js';

/**
 * Issue 30: coach trips. Members read a match's trips and register; an antenna's organisers
 * (and MODERATEUR+) manage its trips and their boarding lists; an ADMIN names the organisers.
 */
export const tripEndpoints = defineEndpoints({
  'GET /deplacements': { query: tripsQuerySchema, response: tripListSchema },
  /** The caller's organiser space; 403 for a member who organises nothing. */
  'GET /deplacements/organisation': { response: organizationSchema },
  'POST /deplacements': { body: tripInputSchema, response: tripSchema, status: 201 },
  'PUT /deplacements/:id': { params: idParamSchema, body: tripInputSchema, response: tripSchema },
  /** Cancels the trip (ANNULE): every registrant is told, confirmed presences withdrawn. */
  'DELETE /deplacements/:id': { params: idParamSchema, response: messageResponseSchema },
  'POST /deplacements/:id/inscriptions': {
    params: idParamSchema,
    body: tripRegistrationInputSchema,
    response: registrationResultSchema,
    status: 201,
    reachesMembers: true,
  },
  'DELETE /deplacements/:id/inscriptions/me': {
    params: idParamSchema,
    response: messageResponseSchema,
  },
  'GET /deplacements/:id/inscrits': { params: idParamSchema, response: registrantListSchema },
  'PATCH /deplacements/:id/inscrits/:userId': {
    params: registrantParamsSchema,
    body: registrantPatchSchema,
    response: registrantSchema,
  },
  /** text/csv; charset=utf-8, with a BOM, ';' separated, one row per registration. */
  'GET /deplacements/:id/inscrits.csv': { params: idParamSchema, response: null },
  'POST /deplacements/:id/annonces': {
    params: idParamSchema,
    body: announcementInputSchema,
    response: groupMessageSchema,
    status: 201,
    reachesMembers: true,
  },
  /** ADMIN only. */
  'GET /administration/antennes/:id/organisateurs': {
    params: idParamSchema,
    response: organizersSchema,
  },
  'PUT /administration/antennes/:id/organisateurs': {
    params: idParamSchema,
    body: organizersInputSchema,
    response: organizersSchema,
  },
} as const);

export type TripEndpointKey = keyof typeof tripEndpoints;
