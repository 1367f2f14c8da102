import { unwrap } from './api';
import { call } from './call';

/*
 * The browser's side of web push: permission, this device's PushSubscription, and telling the
 * API (POST/DELETE /push/subscriptions). The service worker shows the notifications
 * (public/sw-push.js).
 */

/** A refusal of this device explained in French (the browser's own errors are English). */
export class PushError extends Error {}

export type PushAvailability = 'unsupported' | 'denied' | 'default' | 'granted';

/** Whether this browser can receive push (iOS: only once the app is on the home screen). */
export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

/** A VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushAvailability() === 'unsupported') return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's subscription, if the browser has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks permission (the browser's own dialog), subscribes with the server's key and registers
 * the subscription for this login. Throws with a French message the page can show.
 */
export async function enablePush(publicKey: string): Promise<void> {
  const reg = await registration();
  if (!reg) throw new PushError('Les notifications ne sont pas disponibles dans ce navigateur.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushError('Les notifications sont bloquées pour ce site dans ton navigateur.');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  try {
    unwrap(
      await call('POST /push/subscriptions', {
        body: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      }),
    );
  } catch (err) {
    // Refused (push service not accepted, push off): the browser keeps nothing either.
    await subscription.unsubscribe();
    throw err;
  }
}

/**
 * Stops this device's notifications: the API forgets it, then the browser drops it. Used by
 * the settings switch and on logout (the next member on this phone must not get them).
 */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await call('DELETE /push/subscriptions', { body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}
