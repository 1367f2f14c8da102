import { z } from 'zod';
import '../zod-locale.js';
import { LIMITS } from '../limits.js';
import { ID_MAX, isSafeText } from './common.js';

/** Private messaging schemas: spec sections 3 (Conversation, meta, Message), 4, 5 and 7. */

export const MESSAGING_TEXTS = {
  invalidContent: 'Le message contient des caractères interdits ou dépasse 1000 caractères.',
  unknownUser: 'Utilisateur introuvable',
  waitingAcceptance: "{name} n'a pas encore accepté votre demande de message.",
  acceptRequest: "J'accepte la demande de message",
  unblock: 'Débloquer la conversation',
  placeholder: 'Sélectionnez une discussion dans le menu de gauche',
  // Server refusals (4xx bodies).
  self: 'Tu ne peux pas t’écrire à toi-même.',
  recipientUnavailable: 'Ce membre ne peut pas recevoir de messages.',
  /** Above the disabled field of a conversation whose other party deleted their account. */
  accountDeleted:
    'Ce membre a supprimé son compte : la discussion reste lisible, mais tu ne peux plus lui écrire.',
  notAccepted: "Ta demande de message n'a pas encore été acceptée.",
  mustAcceptFirst: "Accepte d'abord la demande de message pour répondre.",
  blocked: 'Cette conversation est bloquée : aucun message ne peut être envoyé.',
  conversationNotFound: 'Conversation introuvable.',
  onlyRecipientAccepts: 'Seul le destinataire peut accepter la demande de message.',
  alreadyBlocked: 'Cette conversation est déjà bloquée.',
  onlyBlockerUnblocks: 'Seul le membre qui a bloqué la conversation peut la débloquer.',
  notBlocked: "Cette conversation n'est pas bloquée.",
  accepted: 'Demande de message acceptée.',
  markedRead: 'Conversation marquée comme lue.',
  blockedDone: 'Conversation bloquée.',
  unblocked: 'Conversation débloquée',
  // Page texts of section 8.
  loadConversationFailed: 'Erreur lors du chargement de la conversation',
  readFailed: 'Erreur lors de la lecture des messages',
  acceptFailed: "Erreur lors de l'acceptation de la demande",
  unblockFailed: 'Erreur lors du déblocage',
  blockFailed: 'Une erreur est survenue lors du blocage.',
  youBlocked: 'Vous avez bloqué {name}',
  loadMessagesFailed: 'Erreur lors du chargement des messages.',
  searchFailed: 'Une erreur est survenue.',
  /** The new-conversation search found nobody for what was typed. */
  noMemberFound: (query: string) => `Aucun membre trouvé pour « ${query} ».`,
  // A conversation's message whose answer was lost: it goes again, with its key, by itself.
  sendOffline: "Connexion perdue : ton message partira dès qu'elle reviendra.",
  // A malformed idempotency key: only a broken or foreign client sends one.
  invalidClientId: "Identifiant d'envoi invalide.",
  // Refused without a reason from the server (a 5xx): the text is back in the field.
  sendFailed: "Ton message n'est pas parti. Réessaie dans un instant.",
  // A burst over the per-socket budget (429): `seconds` is the server's ttl.
  tooManyMessages: (seconds: number) => `Trop de messages d'affilée : réessaie dans ${seconds} s.`,
  burstWait: (seconds: number) =>
    `Trop de messages d'affilée : les suivants partent dans ${seconds} s.`,
} as const;

const userId = z.coerce
  .number({ error: MESSAGING_TEXTS.unknownUser })
  .int({ error: MESSAGING_TEXTS.unknownUser })
  .positive({ error: MESSAGING_TEXTS.unknownUser })
  .max(ID_MAX, { error: MESSAGING_TEXTS.unknownUser });

/** A message body: 1 to 1000 characters after trim, no forbidden content (section 5). */
export const messageContentSchema = z
  .string({ error: MESSAGING_TEXTS.invalidContent })
  .trim()
  .min(1, { error: MESSAGING_TEXTS.invalidContent })
  .max(LIMITS.messageMax, { error: MESSAGING_TEXTS.invalidContent })
  .refine(isSafeText, { error: MESSAGING_TEXTS.invalidContent });

/**
 * A message's own key: a UUID the page draws once per message and sends with every attempt;
 * the server stores one message per sender and key, and answers a repeat with the message
 * already stored, so a send whose answer was lost can go again safely. Optional: a client
 * without it gets the old at-most-once behaviour.
 */
export const clientIdSchema = z.uuid({ error: MESSAGING_TEXTS.invalidClientId }).optional();

/** POST /messages/send (and the socket's 'sendMessage'). */
export const sendMessageSchema = z.object({
  toUserId: userId,
  content: messageContentSchema,
  clientId: clientIdSchema,
});
export type SendMessageBody = z.infer<typeof sendMessageSchema>;

/** GET /messages/conversation/{userId}. */
export const conversationUserParamSchema = z.object({ userId });
/** /messages/accept/{conversationId}. */
export const conversationIdParamSchema = z.object({
  conversationId: z.coerce.number().int().positive().max(ID_MAX),
});
/** GET /messages/conversation/{id}/load-more?offset={loaded count}. */
export const loadMoreQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A message as the page shows it; createdAt is ISO 8601 UTC. */
export const messageSchema = z.object({
  id: z.number().int(),
  fromId: z.number().int(),
  toId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  /** Sent by the caller (right-hand bubble). */
  fromMe: z.boolean(),
  /** When the recipient read it (ISO), null while unread: the sender's 'Lu' mark. */
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** One line of the sidebar (GET /messages/conversations), newest activity first. */
export const conversationListItemSchema = z.object({
  /** Conversation id. */
  id: z.number().int(),
  /** The other party. */
  userId: z.number().int(),
  /** Their pseudo, or 'Utilisateur introuvable' for a deleted account. */
  username: z.string(),
  /**
   * The other party deleted their account: the history stays readable, reached by `userId`
   * (their pseudo is gone, and several deleted accounts share the same name).
   */
  deleted: z.boolean(),
  /** '/uploads/avatar/<file>?v=<n>' or null for the default avatar. */
  avatar: z.string().nullable(),
  hasUnread: z.boolean(),
});
export const conversationListSchema = z.array(conversationListItemSchema);
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

export const conversationMetaSchema = z.object({
  /** null while no conversation exists yet with that member. */
  conversationId: z.number().int().nullable(),
  blockedByUserId: z.number().int().nullable(),
  /** No conversation exists yet with that member (the next message starts one). */
  newConversation: z.boolean(),
  accepted: z.boolean(),
  /** user2 has written at least once (the request was answered). */
  hadReplied: z.boolean(),
  /** The caller's side: user1 started the conversation, user2 must accept it. */
  position: z.enum(['user1', 'user2']),
  /** When the other party last read the conversation (ISO), for the 'Lu' mark. */
  otherReadAt: z.string().nullable(),
});
export type ConversationMeta = z.infer<typeof conversationMetaSchema>;

/** GET /messages/conversation/{userId}: the latest 20 messages, oldest first, and the meta. */
export const conversationDetailSchema = z.object({
  messages: z.array(messageSchema),
  meta: conversationMetaSchema,
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET .../load-more: the next older page, oldest first; fewer than 20 = no more. */
export const messagesPageSchema = z.array(messageSchema);

/** POST /messages/send reply. */
export const sendMessageResponseSchema = z.object({
  message: messageSchema,
  conversationId: z.number().int(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
