import { sendMessageSchema, type SendMessageAck } from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import { errorAck, payloadParser } from '../../realtime/socket-ack.js';
import type { MessagesService, SocketLogin } from './messages.service.js';

/**
 * 'sendMessage' on a member's authenticated socket: POST /messages/send without an HTTP
 * exchange or a request counter (the socket was authenticated at its handshake and is cut when
 * its login ends, realtime/session-endings.ts; the service checks that login with each message,
 * as the route's caller lookup would, folded into its one-statement store). Like the route:
 * the body checked by the shared schema, one service call (every rule and the pushes to both
 * members' rooms live there), and the route's answer, or its error status and body.
 */
export function sendMessageHandler(deps: { messages: MessagesService; log: FastifyBaseLogger }) {
  const parse = payloadParser(sendMessageSchema);
  return async (
    senderId: number,
    payload: unknown,
    login: SocketLogin,
  ): Promise<SendMessageAck> => {
    try {
      const body = parse(payload);
      return await deps.messages.send(senderId, body, login);
    } catch (err) {
      return errorAck(err, deps.log);
    }
  };
}
