/**
 * Demo members the drills act as: the seeded community (one shared public password, see
 * apps/api/src/seed/community/members.ts), each logged in from its own loopback address.
 */
import type http from 'node:http';
import { agentFor, call, sql } from './harness.js';

const MEMBER_PASSWORD = 'Membre#Demo26';
const ROLE_ACCOUNTS = ['utilisateur', 'redacteur', 'moderateur', 'admin'].map(
  (r) => `${r}@demo.munegu.local`,
);

export interface Member {
  id: number;
  email: string;
  n: number;
  agent: http.Agent;
  token: string;
}

export async function demoMembers(databaseUrl: string, count: number) {
  const c = await sql(databaseUrl);
  try {
    const { rows } = await c.query<{ id: number; email: string }>(
      `SELECT id, email FROM users
        WHERE email LIKE '%@demo.munegu.local' AND status = 'ACTIVE' AND NOT (email = ANY($1))
        ORDER BY id LIMIT $2`,
      [ROLE_ACCOUNTS, count],
    );
    if (rows.length < count) throw new Error(`${rows.length} membres de démo, ${count} attendus`);
    return rows;
  } finally {
    await c.end();
  }
}

/** Logs each member in through the API (a real POST /api/auth/login from its own address). */
export async function logIn(base: string, rows: { id: number; email: string }[], firstN = 10) {
  const members: Member[] = [];
  for (const [i, row] of rows.entries()) {
    const agent = agentFor(firstN + i);
    const res = await call(agent, base, 'POST', '/api/auth/login', {
      body: { email: row.email, password: MEMBER_PASSWORD },
    });
    const token = (res.body as { access_token?: string } | null)?.access_token;
    if (res.status !== 200 || !token) {
      throw new Error(`connexion de ${row.email} : ${res.status} ${JSON.stringify(res.body)}`);
    }
    members.push({ id: row.id, email: row.email, n: firstN + i, agent, token });
  }
  return members;
}

/**
 * Pairs (0,1), (2,3)…: the first writes to the second, who accepts, so both can then write
 * freely (a request that is not accepted lets its sender write only once).
 */
export async function openConversations(base: string, members: Member[]) {
  for (let i = 0; i + 1 < members.length; i += 2) {
    const [a, b] = [members[i]!, members[i + 1]!];
    const sent = await call(a.agent, base, 'POST', '/api/messages/send', {
      token: a.token,
      body: { toUserId: b.id, content: `Salut ${i}, on se retrouve au stade ?` },
    });
    const conversationId = (sent.body as { conversationId?: number } | null)?.conversationId;
    if (sent.status !== 200 || !conversationId)
      throw new Error(`premier message : ${sent.status} ${JSON.stringify(sent.body)}`);
    const accepted = await call(b.agent, base, 'POST', `/api/messages/accept/${conversationId}`, {
      token: b.token,
    });
    if (accepted.status >= 300)
      throw new Error(`acceptation : ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
}

/** The member each one writes to: its pair's other half. */
export const partnerOf = (members: Member[], i: number) => members[i % 2 === 0 ? i + 1 : i - 1]!;
