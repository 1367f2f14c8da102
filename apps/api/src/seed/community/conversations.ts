import type { Db } from '../../db/client.js';
import { pairKeyOf } from '../../modules/messages/messages.repository.js';
import { earliest, hoursBefore, later, SUPPORTER, type Ids } from './helpers.js';

// supporter_demo's inbox: a carpool being arranged, thanks after a ride, and a first message
// from a stranger still waiting to be accepted.

interface ConversationPlan {
  /** user1: the member who wrote first. */
  from: string;
  to: string;
  accepted: boolean;
  /** Oldest first; `unread`: the receiver has not opened it yet. */
  messages: ReadonlyArray<{ by: string; hoursAgo: number; text: string; unread?: boolean }>;
}

/**
 * The latest played match ends at least 31 hours before now (demo.ts dates it on the last
 * weekend over), so the thanks for that ride are written less than 30 hours ago.
 */
const CONVERSATIONS: readonly ConversationPlan[] = [
  {
    from: 'chloe_rb',
    to: SUPPORTER,
    accepted: true,
    messages: [
      {
        by: 'chloe_rb',
        hoursAgo: 47,
        text: 'Salut ! Merci pour la proposition, on sera deux avec mon frère. Tu passes par où ?',
      },
      {
        by: SUPPORTER,
        hoursAgo: 46,
        text: 'Avec plaisir ! Je passe place Garibaldi, départ deux heures avant le coup d’envoi.',
      },
      { by: 'chloe_rb', hoursAgo: 45, text: 'Parfait pour nous 👍' },
      { by: SUPPORTER, hoursAgo: 20, text: 'Voiture grise, je vous écris en arrivant.' },
      {
        by: 'chloe_rb',
        hoursAgo: 2,
        text: 'Super, à tout à l’heure alors ! Dagghe Munegu 🔴⚪',
        unread: true,
      },
    ],
  },
  {
    from: SUPPORTER,
    to: 'lucas98',
    accepted: true,
    messages: [
      {
        by: SUPPORTER,
        hoursAgo: 29,
        text: 'Merci encore pour le trajet, super ambiance dans la voiture !',
      },
      {
        by: 'lucas98',
        hoursAgo: 27,
        text: 'Avec plaisir ! Si tu as de la place au prochain match, pense à moi pour le retour 😉',
      },
      { by: SUPPORTER, hoursAgo: 26, text: 'Ça marche, je te tiens au courant.' },
    ],
  },
  {
    from: 'karim13',
    to: SUPPORTER,
    accepted: false,
    messages: [
      {
        by: 'karim13',
        hoursAgo: 24,
        text: 'Salut, on monte de Marseille pour le prochain match. Un bon plan pour se garer près du Louis-II ?',
      },
    ],
  },
];

/** The conversations of supporter_demo, written once per pair (pairKey as the app builds it). */
export async function seedConversations(db: Db, now: Date, ids: Ids): Promise<void> {
  for (const plan of CONVERSATIONS) {
    const user1Id = ids.get(plan.from);
    const user2Id = ids.get(plan.to);
    if (!user1Id || !user2Id) continue;
    const pairKey = pairKeyOf(user1Id, user2Id);
    if (await db.conversation.findUnique({ where: { pairKey }, select: { id: true } })) continue;
    const messages = plan.messages.map((m) => {
      const senderId = ids.get(m.by)!;
      const createdAt = hoursBefore(now, m.hoursAgo);
      return {
        senderId,
        receiverId: senderId === user1Id ? user2Id : user1Id,
        content: m.text,
        createdAt,
        readAt: m.unread ? null : earliest(later(createdAt, 20 * 60_000), now),
      };
    });
    // A member's read cursor: the last message they wrote or read.
    const cursor = (userId: number) =>
      messages
        .flatMap((m) => (m.senderId === userId ? [m.createdAt] : m.readAt ? [m.readAt] : []))
        .reduce<Date | null>((a, b) => (a && a > b ? a : b), null);
    await db.conversation.create({
      data: {
        user1Id,
        user2Id,
        pairKey,
        accepted: plan.accepted,
        user1ReadAt: cursor(user1Id),
        user2ReadAt: cursor(user2Id),
        lastMessageAt: messages.at(-1)?.createdAt ?? null,
        createdAt: messages[0]?.createdAt ?? now,
        messages: { createMany: { data: messages } },
      },
    });
  }
}
