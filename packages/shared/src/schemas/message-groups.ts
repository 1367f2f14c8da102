import { z } from 'zod';
import '../zod-locale.js';
import { GROUP_KINDS } from '../group-texts.js';
import { clientIdSchema, messageContentSchema } from './messages.js';

/**
 * Group threads (issue 30): one per carpool car for a match ('covoiturage': its driver and
 * confirmed passengers) and one per coach trip ('deplacement': the antenna's organisers and the
 * confirmed registrants). Same text rules as
 * private messages (messageContentSchema).
 */
export { GROUP_KINDS, GROUP_TEXTS, type GroupKind } from '../group-texts.js';

const groupMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** '/uploads/avatar/<file>?v=<n>' or null for the default avatar. */
  avatar: z.string().nullable(),
  /** The car's driver (covoiturage). */
  driver: z.boolean(),
});

/** One line of GET /messages/groupes, most recent activity first. */
export const groupListItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GROUP_KINDS),
  match: z.object({
    id: z.number().int(),
    domicile: z.string(),
    exterieur: z.string(),
    /** Kickoff, ISO 8601 UTC. */
    date: z.string(),
  }),
  /** Current members (those who left are not listed). */
  members: z.array(groupMemberSchema),
  /** Others' messages since the caller last read the group. */
  unread: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** A 'deplacement' group's coach trip (the page titles it 'Car de {antenne}'); else null. */
  deplacement: z.object({ id: z.number().int(), antenne: z.string() }).nullable().optional(),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;
export const groupListSchema = z.array(groupListItemSchema);

/** A group message; senderName is shown on every bubble (text only, never HTML). */
export const groupMessageSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  content: z.string(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  fromMe: z.boolean(),
  /** An organiser's announcement in a trip's thread (shown apart, also sent as a notification). */
  annonce: z.boolean(),
});
export type GroupMessage = z.infer<typeof groupMessageSchema>;

/** GET /messages/groupes/{id}?offset=: 20 messages (the newest when offset is 0), oldest first. */
export const groupMessagesPageSchema = z.array(groupMessageSchema);

/** POST /messages/groupes/{id} (`clientId`: as for a conversation's message). */
export const sendGroupMessageSchema = z.object({
  content: messageContentSchema,
  clientId: clientIdSchema,
});
export type SendGroupMessageBody = z.infer<typeof sendGroupMessageSchema>;
