import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import webpush from 'web-push';
import type { PushPayload } from '@munegu/shared';
import type { VapidKeys } from '../../config/push.js';
import { hostAddress, isPublicAddress } from '../../lib/public-address.js';
import type { StoredSubscription } from './push.repository.js';

/**
 * How notifications reach the push services. Tests pass a local fake push service's CA and
 * allow loopback (AppDeps.pushDelivery); production never sets these.
 */
export interface PushDeliveryOptions {
  /** Tests only: trust this CA (the fake push service's certificate) instead of the system's. */
  ca?: string;
  /** Tests only: the fake push service listens on 127.0.0.1. */
  allowLoopbackForTests?: boolean;
}

/** What the push service said: delivered, or the subscription is gone (404/410). */
export type PushOutcome = 'sent' | 'gone';

export class PushServiceError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = 'PushServiceError';
  }
}

export interface PushSender {
  send(subscription: StoredSubscription, payload: PushPayload): Promise<PushOutcome>;
}

/**
 * web-push (RFC 8291 aes128gcm payload encryption, RFC 8292 VAPID) through an agent whose DNS
 * lookup refuses non-public addresses: the endpoint comes from a browser, so even an allowed
 * host name must not lead the server into its own network (same rule as lib/safe-fetch.ts).
 */
export function webPushSender(opts: {
  vapid: VapidKeys;
  ttlSeconds: number;
  timeoutMs: number;
  delivery?: PushDeliveryOptions;
}): PushSender & { close(): void } {
  const allowLoopback = opts.delivery?.allowLoopbackForTests ?? false;
  const lookup: LookupFunction = (host, options, callback) => {
    const check = (address: string, family: number) => {
      if (!isPublicAddress(address, allowLoopback)) {
        callback(new Error(`Adresse non publique pour ${host}`), '', 4);
      } else if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      } else callback(null, address, family);
    };
    if (isIP(host)) return check(host, isIP(host));
    dnsLookup(host, { family: 0 }, (err, address, family) =>
      err ? callback(err, '', 4) : check(address, family),
    );
  };
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 16,
    lookup,
    ...(opts.delivery?.ca ? { ca: opts.delivery.ca } : {}),
  });
  // Whatever path led to it (an address skips `lookup`), the peer a new socket reached is
  // checked again and the socket closed before its TLS handshake ends if it is not public.
  const checkPeer = (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || !isPublicAddress(peer, allowLoopback))
      socket.destroy(new Error(`Adresse non publique : ${peer ?? '?'}`));
  };
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (...args: Parameters<typeof createConnection>) => {
    const socket = createConnection(...args) as Socket;
    if (socket.connecting) socket.once('connect', () => checkPeer(socket));
    else checkPeer(socket);
    return socket;
  };
  return {
    async send(subscription, payload) {
      // Stored before addresses were refused at subscription: never sent, dropped.
      const address = hostAddress(new URL(subscription.endpoint).hostname);
      if (address !== null && !isPublicAddress(address, allowLoopback)) return 'gone';
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(payload),
          {
            vapidDetails: opts.vapid,
            TTL: opts.ttlSeconds,
            timeout: opts.timeoutMs,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            agent,
          },
        );
        return 'sent';
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          // The browser unsubscribed or the subscription expired: it will never work again.
          if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
          throw new PushServiceError(`Service push : ${err.statusCode}`, err.statusCode);
        }
        // Network errors, timeouts, refused addresses: retried by the queue.
        throw new PushServiceError(err instanceof Error ? err.message : String(err), null);
      }
    },
    close: () => agent.destroy(),
  };
}
