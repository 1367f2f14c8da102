import { unwrap } from './api';
import { call } from './call';
import { jwtClaims } from './jwt';
import { getToken } from './token';

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

/** The login (session family) the API signs into the access token; the token itself if unread. */
function currentLogin(): string {
  const token = getToken() ?? '';
  const sid = jwtClaims(token)?.['sid'];
  return typeof sid === 'string' ? sid : token;
}

/**
 * The subscription and login this page has registered (or is registering), so that the API is
 * asked once per page load, login and subscription, not on every read of the device's state:
 * each POST spends the member's `pushSubscription` budget.
 */
let registered: string | null = null;
const registrationOf = (subscription: PushSubscription) => {
  const { keys } = subscription.toJSON();
  return [currentLogin(), subscription.endpoint, keys?.p256dh, keys?.auth].join(' ');
};

/**
 * Whether this device receives notifications: the browser holds a subscription made with the
 * server's current key. One made with an older key can never work and is dropped. The API keeps
 * one row per device and login, so the subscription is registered again for this login in the
 * background, once per page load (and again when the login or the subscription changes); that
 * network write never decides the answer: a failure (offline, 429) leaves the device as it is.
 */
export async function syncSubscription(publicKey: string): Promise<boolean> {
  if (pushAvailability() !== 'granted') return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  if (!sameKey(subscription.options.applicationServerKey, keyBytes(publicKey))) {
    await subscription.unsubscribe();
    return false;
  }
  const registration = registrationOf(subscription);
  if (registered !== registration) {
    registered = registration;
    // Not retried before the next page load or login; a row already on the server keeps working.
    register(subscription).catch(() => {});
  }
  return true;
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
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  const kept = existing && sameKey(existing.options.applicationServerKey, key) ? existing : null;
  // One made with an older key can never work (and the browser refuses a second key).
  if (existing && !kept) await existing.unsubscribe();
  const subscription =
    kept ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  try {
    await register(subscription);
  } catch (err) {
    // Refused (push service not accepted, push off): the browser keeps nothing either. A
    // subscription that was already here stays: it may well be working, and is not ours to end.
    if (!kept) await subscription.unsubscribe();
    throw err;
  }
  registered = registrationOf(subscription);
}

/**
 * Stops this device's notifications when the session has already ended on the server (an
 * e-mail change): the browser drops its subscription, and the push service then answers the
 * API's next push with "gone", which makes the API forget it.
 */
export async function dropPushHere(): Promise<void> {
  registered = null;
  await (await currentSubscription())?.unsubscribe();
}

/**
 * Stops this device's notifications: the API forgets it, then the browser drops it. Used by
 * the settings switch and on logout (the next member on this phone must not get them).
 */
export async function disablePush(): Promise<void> {
  registered = null;
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await call('DELETE /push/subscriptions', { body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}
