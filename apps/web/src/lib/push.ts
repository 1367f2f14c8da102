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

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Whether this device receives notifications for the signed-in member: a subscription made
 * with the server's current key is registered again for this login (the API keeps one row
 * per device and member, so this is idempotent); one made with an older key can never work and
 * is dropped.
 */
export async function syncSubscription(publicKey: string): Promise<boolean> {
  if (pushAvailability() !== 'granted') return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  if (!sameKey(subscription.options.applicationServerKey, keyBytes(publicKey))) {
    await subscription.unsubscribe();
    return false;
  }
  try {
    await register(subscription);
    return true;
  } catch {
    return false;
  }
}

async function register(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  unwrap(
    await call('POST /push/subscriptions', {
      body: {
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    }),
  );
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
  try {
    await register(subscription);
  } catch (err) {
    // Refused (push service not accepted, push off): the browser keeps nothing either.
    await subscription.unsubscribe();
    throw err;
  }
}

/**
 * Stops this device's notifications when the session has already ended on the server (an
 * e-mail change): the browser drops its subscription, and the push service then answers the
 * API's next push with "gone", which makes the API forget it.
 */
export async function dropPushHere(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
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
