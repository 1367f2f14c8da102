import { z } from 'zod';
import { carpoolStatusWording } from '../carpool-constants.js';
import { TRIP_TEXTS, tripNoticeText, type TripEventWire, type TripNotice } from '../trip-texts.js';

/** Web push (the installable app's notifications): texts of the API and the settings page. */
export const PUSH_TEXTS = {
  endpointHttps: "L'adresse d'abonnement doit être une adresse https.",
  endpointInvalid: "L'adresse d'abonnement est invalide.",
  hostNotAllowed: "Ce service de notifications n'est pas accepté.",
  keysInvalid: "Les clés de l'abonnement sont invalides.",
  disabled: 'Les notifications push ne sont pas activées sur ce serveur.',
  subscribed: 'Notifications activées sur cet appareil.',
  unsubscribed: 'Notifications désactivées sur cet appareil.',
  subscriptionNotFound: 'Abonnement introuvable.',
  preferencesUpdated: 'Préférences de notifications mises à jour.',
} as const;

/** What a member may receive, each one switched on or off in the settings. */
export const PUSH_KINDS = ['messages', 'carpool', 'predictions'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The settings page's labels, in the order shown. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  messages: 'Nouveaux messages',
  carpool: 'Covoiturage et car (demandes, réponses, horaires, déplacements)',
  predictions: 'Rappels de pronostics',
};

/** The keys of a PushSubscription as `subscription.toJSON()` gives them (base64url). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, PUSH_TEXTS.keysInvalid)
    .max(max, PUSH_TEXTS.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_TEXTS.keysInvalid);

/**
 * A push service's address: https only; which hosts are accepted is the operator's list
 * (PUSH_SERVICE_HOSTS), checked by the API.
 */
export const pushEndpointSchema = z
  .string()
  .max(2048, PUSH_TEXTS.endpointInvalid)
  .pipe(z.url({ message: PUSH_TEXTS.endpointInvalid }))
  .refine((v) => v.startsWith('https://'), { message: PUSH_TEXTS.endpointHttps });

/** POST /push/subscriptions: the browser's subscription of this device. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret.
    p256dh: base64url(86, 90),
    auth: base64url(20, 26),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /push/subscriptions: this device stops receiving notifications. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** GET /push/public-key: the VAPID key the browser subscribes with; null when push is off. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });

/** GET and PUT /push/preferences. */
export const pushPreferencesSchema = z.object({
  messages: z.boolean(),
  carpool: z.boolean(),
  predictions: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** What the service worker receives and shows: short French texts and a same-site path. */
export const pushPayloadSchema = z.object({
  title: z.string().max(80),
  body: z.string().max(200),
  /** A path of the app (starts with '/'), opened or focused on click. */
  url: z.string().regex(/^\/(?!\/)/),
  /** Notifications of the same tag replace each other (one per conversation, per match). */
  tag: z.string().max(64),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The notifications' texts: short, nothing more than the bell or the mail would show. */
export const PUSH_NOTICES = {
  message: (sender: string, conversationId: number): PushPayload => ({
    title: 'Nouveau message',
    body: `${sender} t'a envoyé un message.`,
    url: `/messages/${encodeURIComponent(sender)}`,
    tag: `conversation-${conversationId}`,
  }),
  /** The bell's own line (spec section 4 wording): '<pseudo> vous a demandé un covoiturage. 👋'. */
  carpool: (
    notificationId: number,
    notice: { sender: string | null; status: number | null },
  ): PushPayload => ({
    title: 'Covoiturage',
    body: `${notice.sender ?? 'Un membre'} ${carpoolStatusWording(notice.status)}`,
    url: '/',
    tag: `covoiturage-${notificationId}`,
  }),
  /**
   * A coach trip's notification (issue 30), with the bell's sentence; under the 'carpool'
   * preference (going to the match). An announcement opens the trip's thread when it has one.
   */
  trip: (
    notificationId: number,
    notice: TripNotice & { evenement: TripEventWire; groupId: number | null },
  ): PushPayload => ({
    title: TRIP_TEXTS.cardTitle(notice.antenne).slice(0, 80),
    body: tripNoticeText(notice.evenement, notice).slice(0, 200),
    url:
      notice.evenement === 'ANNONCE' && notice.groupId !== null
        ? `/messages/groupes/${notice.groupId}`
        : '/',
    tag: `deplacement-${notificationId}`,
  }),
  kickoffMoved: (matchId: number): PushPayload => ({
    title: 'Nouvel horaire de match',
    body: "Le coup d'envoi d'un match pour lequel tu as un covoiturage a changé.",
    url: '/',
    tag: `horaire-${matchId}`,
  }),
  predictionReminder: (
    matchId: number,
    match: { home: string; away: string; kickoff: string },
  ): PushPayload => ({
    title: 'Rappel de pronostic',
    body: `${match.home} – ${match.away}, ${match.kickoff} : pense à faire ton pronostic !`,
    url: '/jeu_prono',
    tag: `prono-${matchId}`,
  }),
} as const;
