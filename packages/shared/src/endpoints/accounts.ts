import {
  accessTokenResponseSchema,
  checkTokenQuerySchema,
  checkTokenResponseSchema,
  checkUsernameQuerySchema,
  deletionLinkSchema,
  loginSchema,
  passwordResetRequestSchema,
  registrationSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  stopNotifResponseSchema,
  stopNotifSchema,
  tokenParamSchema,
  tokenValiditySchema,
  usernameTakenSchema,
} from '../schemas/auth.js';
import { messageResponseSchema } from '../schemas/common.js';
import {
  emailChangeSchema,
  notificationsSchema,
  parametresResponseSchema,
  parametresSchema,
  passwordChangeSchema,
} from '../schemas/settings.js';
import { defineEndpoints } from './define.js';

/** Spec section 7, 'Auth and account' and the settings page's writes. */
export const accountEndpoints = defineEndpoints({
  'POST /auth/login': { body: loginSchema, response: accessTokenResponseSchema },
  'POST /auth/refresh': { response: accessTokenResponseSchema },
  'POST /auth/logout': { response: null, status: 204 },
  'POST /auth/resend-confirmation': {
    body: resendConfirmationSchema,
    response: messageResponseSchema,
  },
  'POST /users': { body: registrationSchema, response: messageResponseSchema, status: 201 },
  'GET /users/check-username': { query: checkUsernameQuerySchema, response: usernameTakenSchema },
  'GET /users/confirm-email/:token': { params: tokenParamSchema, response: messageResponseSchema },
  'POST /users/request-password-reset': {
    body: passwordResetRequestSchema,
    response: messageResponseSchema,
  },
  'POST /users/reset-password': { body: resetPasswordSchema, response: messageResponseSchema },
  'GET /users/check-token': { query: checkTokenQuerySchema, response: checkTokenResponseSchema },
  'GET /users/check-reset-token/:token': {
    params: tokenParamSchema,
    response: tokenValiditySchema,
  },
  'POST /users/stop-notif': { body: stopNotifSchema, response: stopNotifResponseSchema },
  'GET /users/confirm-delete/:token': { params: tokenParamSchema, response: deletionLinkSchema },
  'PATCH /users/me/parametres': { body: parametresSchema, response: parametresResponseSchema },
  'PATCH /users/me/email': { body: emailChangeSchema, response: messageResponseSchema },
  'PATCH /users/me/notifications': { body: notificationsSchema, response: messageResponseSchema },
  'PATCH /users/me/password': { body: passwordChangeSchema, response: messageResponseSchema },
  'PATCH /users/me/request-delete': { response: messageResponseSchema },
  /** A JSON file download (Content-Disposition: attachment). */
  'GET /users/me/export': { response: null },
} as const);
