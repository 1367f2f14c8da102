import { PUSH_TEXTS } from '@munegu/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient';
import { enablePush, keyBytes } from '../../../lib/push';
import { KINDS_NEED_DEVICE } from '../components/PushSettings';
import { pushKeys } from '../push';
import { testPersonalData } from '../../../test/fixtures';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

let api: FakeApi;
const PUBLIC_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ALL_ON = { messages: true, carpool: true, predictions: true };
/** Another login each test (a new page load): its first read registers the device again. */
let login = 0;
/** The hint under a device that receives nothing (its non-breaking spaces read as spaces). */
const needDevice = KINDS_NEED_DEVICE.replace(/\s+/g, ' ');

/** What a browser's push machinery looks like to the page: permission, registration, manager. */
function fakeBrowserPush(
  permission: NotificationPermission = 'default',
  existing?: { key: Uint8Array },
) {
  let current: { endpoint: string } | null = null;
  const subscription = {
    options: { applicationServerKey: null as ArrayBuffer | null },
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription.options.applicationServerKey = options.applicationServerKey.slice().buffer;
      current = subscription;
      return subscription;
    }),
  };
  if (existing) {
    subscription.options.applicationServerKey = existing.key.slice().buffer;
    current = subscription;
  }
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = 'granted';
      return 'granted' as NotificationPermission;
    }),
  };
  const { requestPermission } = notification;
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  return { pushManager, subscription, requestPermission };
}

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 7, username: 'Louis2' });
  withLogin(`family-${++login}`);
  api.reply('GET /api/users/me-personal', 200, testPersonalData());
  api.reply('GET /api/departements', 200, []);
  api.reply('GET /api/push/public-key', 200, { publicKey: PUBLIC_KEY });
  api.reply('GET /api/push/preferences', 200, ALL_ON);
});
afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

/** Gives the signed-in member's token the login (session family) the API signs into it. */
function withLogin(sid: string) {
  const [head, , sig] = (localStorage.getItem('access_token') ?? '').split('.');
  const claims = btoa(JSON.stringify({ sid, exp: Date.now() / 1000 + 3600 })).replace(/=+$/, '');
  localStorage.setItem('access_token', `${head}.${claims}.${sig}`);
}

/** The server accepts this device's subscription and its removal. */
function replySubscriptions() {
  api.reply('POST /api/push/subscriptions', 201, { message: PUSH_TEXTS.subscribed });
  api.reply('DELETE /api/push/subscriptions', 200, { message: PUSH_TEXTS.unsubscribed });
}

/** This device's switch, once the page knows whether the device is subscribed. */
async function deviceSwitch(section: ReturnType<typeof within>) {
  const device = await section.findByRole('switch', { name: /Recevoir les notifications ici/ });
  await waitFor(() => expect(device).toBeEnabled());
  return device;
}

async function pushSection(client = createQueryClient()) {
  renderAt('/parametres', client);
  return within(await screen.findByRole('region', { name: 'Notifications sur cet appareil' }));
}

// The first render loads the lazy settings page: slow on a loaded 2-core machine.
describe('settings: notifications on this device', { timeout: 15_000 }, () => {
  it('saves each kind as soon as it is switched, and puts it back when saving fails', async () => {
    fakeBrowserPush('granted', { key: keyBytes(PUBLIC_KEY) });
    api.reply('POST /api/push/subscriptions', 201, { message: PUSH_TEXTS.subscribed });
    api.reply('PUT /api/push/preferences', 200, { ...ALL_ON, predictions: false });
    const section = await pushSection();
    const reminders = await section.findByRole('switch', { name: /Rappels de pronostics/ });
    await waitFor(() => expect(reminders).toBeEnabled());
    expect(section.queryByText(needDevice)).toBeNull();
    expect(section.getByRole('switch', { name: /Nouveaux messages/ })).toBeChecked();
    expect(section.getByRole('switch', { name: /Covoiturage/ })).toBeChecked();
    expect(section.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    fireEvent.click(reminders);
    expect(await screen.findByText(PUSH_TEXTS.preferencesUpdated)).toBeVisible();
    expect(api.callsTo('PUT /api/push/preferences').at(-1)?.body).toEqual({
      messages: true,
      carpool: true,
      predictions: false,
    });
    await waitFor(() => expect(reminders).not.toBeChecked());

    api.reply('PUT /api/push/preferences', 500, { message: 'Erreur interne.' });
    const messages = section.getByRole('switch', { name: /Nouveaux messages/ });
    await waitFor(() => expect(messages).toBeEnabled());
    fireEvent.click(messages);
    expect(await screen.findByText('Erreur interne.')).toBeVisible();
    await waitFor(() => expect(messages).toBeChecked());
  });

  it('shows every kind off and fixed while this device receives nothing', async () => {
    fakeBrowserPush();
    replySubscriptions();
    const section = await pushSection();
    const device = await deviceSwitch(section);
    expect(device).not.toBeChecked();
    const kinds = () =>
      [/Nouveaux messages/, /Covoiturage/, /Rappels de pronostics/].map((name) =>
        section.getByRole('switch', { name }),
      );
    for (const kind of kinds()) {
      expect(kind).not.toBeChecked();
      expect(kind).toBeDisabled();
    }
    expect(section.getByText(needDevice)).toBeVisible();

    // Once this device is on, the member's saved choices (all on) show and can be changed.
    fireEvent.click(device);
    await waitFor(() => expect(device).toBeChecked());
    await waitFor(() => {
      for (const kind of kinds()) {
        expect(kind).toBeChecked();
        expect(kind).toBeEnabled();
      }
    });
    expect(section.queryByText(needDevice)).toBeNull();

    // And off again with the device.
    fireEvent.click(device);
    await waitFor(() => expect(device).not.toBeChecked());
    for (const kind of kinds()) {
      expect(kind).not.toBeChecked();
      expect(kind).toBeDisabled();
    }
    expect(api.callsTo('PUT /api/push/preferences')).toHaveLength(0);
  });

  it('subscribes this device with the server key, then unsubscribes it', async () => {
    const browser = fakeBrowserPush();
    replySubscriptions();
    const section = await pushSection();
    const device = await deviceSwitch(section);
    expect(device).not.toBeChecked();

    fireEvent.click(device);
    expect(await screen.findByText(PUSH_TEXTS.subscribed)).toBeVisible();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(Array.from(options[0].applicationServerKey)).toEqual(Array.from(keyBytes(PUBLIC_KEY)));
    expect(options[0].userVisibleOnly).toBe(true);
    expect(options[0].applicationServerKey).toHaveLength(65);
    expect(api.callsTo('POST /api/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    });
    await waitFor(() => expect(device).toBeChecked());

    fireEvent.click(device);
    expect(await screen.findByText(PUSH_TEXTS.unsubscribed)).toBeVisible();
    expect(api.callsTo('DELETE /api/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
    await waitFor(() => expect(device).not.toBeChecked());
  });

  it('shows the refusal and keeps nothing when the server refuses the push service', async () => {
    const browser = fakeBrowserPush();
    api.reply('POST /api/push/subscriptions', 400, {
      message: PUSH_TEXTS.hostNotAllowed,
      code: 'VALIDATION',
    });
    const section = await pushSection();
    const device = await deviceSwitch(section);
    fireEvent.click(device);
    expect(await screen.findByText(PUSH_TEXTS.hostNotAllowed)).toBeVisible();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
    await waitFor(() => expect(device).not.toBeChecked());
  });

  it("explains when this site's notifications are blocked", async () => {
    fakeBrowserPush('denied');
    const section = await pushSection();
    expect(await section.findByText(/Les notifications sont bloquées pour ce site/)).toBeVisible();
    expect(section.queryByRole('switch', { name: /Recevoir les notifications ici/ })).toBeNull();
    const messages = await section.findByRole('switch', { name: /Nouveaux messages/ });
    expect(messages).not.toBeChecked();
    expect(messages).toBeDisabled();
  });

  it('says so when the browser cannot receive notifications', async () => {
    const section = await pushSection(); // jsdom: no service worker, no PushManager
    expect(await section.findByText(/Ce navigateur ne reçoit pas les notifications/)).toBeVisible();
  });

  it('says so when push is off on the server, without the kinds', async () => {
    fakeBrowserPush();
    api.reply('GET /api/push/public-key', 200, { publicKey: null });
    const section = await pushSection();
    expect(await section.findByText(PUSH_TEXTS.disabled)).toBeVisible();
    expect(section.queryByRole('switch')).toBeNull();
  });

  it('registers an existing subscription again for this login', async () => {
    fakeBrowserPush('granted', { key: keyBytes(PUBLIC_KEY) });
    api.reply('POST /api/push/subscriptions', 201, { message: PUSH_TEXTS.subscribed });
    const section = await pushSection();
    const device = await section.findByRole('switch', { name: /Recevoir les notifications ici/ });
    await waitFor(() => expect(device).toBeChecked());
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1));
  });

  it('shows this device on when it is subscribed, even when registering it again fails', async () => {
    const browser = fakeBrowserPush('granted', { key: keyBytes(PUBLIC_KEY) });
    api.reply('POST /api/push/subscriptions', 'network');
    const section = await pushSection();
    const device = await deviceSwitch(section);
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1));
    expect(device).toBeChecked();
    for (const name of [/Nouveaux messages/, /Covoiturage/, /Rappels de pronostics/]) {
      const kind = section.getByRole('switch', { name });
      await waitFor(() => expect(kind).toBeEnabled());
      expect(kind).toBeChecked();
    }
    expect(section.queryByText(needDevice)).toBeNull();
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();

    // A 429 (the member's registrations this hour are spent) does not turn it off either.
    cleanup();
    withLogin('family-after-429');
    api.reply('POST /api/push/subscriptions', 429, { message: 'Trop de demandes.' });
    const again = await deviceSwitch(await pushSection());
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(2));
    expect(again).toBeChecked();
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it("registers this device once per login, not on every read of the device's state", async () => {
    fakeBrowserPush('granted', { key: keyBytes(PUBLIC_KEY) });
    replySubscriptions();
    const client = createQueryClient();
    const section = await pushSection(client);
    const device = await deviceSwitch(section);
    expect(device).toBeChecked();
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1));
    // Stale state read again (the 30 s stale time, a toggle's invalidation): no new POST.
    for (let i = 0; i < 3; i++) {
      await client.refetchQueries({ queryKey: pushKeys.device() });
      expect(client.getQueryData(pushKeys.device())).toBe(true);
    }
    expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1);

    // Another login on this device (the API binds a subscription to the login): once more.
    withLogin('another-family');
    await client.refetchQueries({ queryKey: pushKeys.device() });
    await waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(2));
    await client.refetchQueries({ queryKey: pushKeys.device() });
    expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(2);
  });

  it('registers a device it has just turned on only once', async () => {
    fakeBrowserPush();
    replySubscriptions();
    const section = await pushSection();
    const device = await deviceSwitch(section);
    fireEvent.click(device);
    expect(await screen.findByText(PUSH_TEXTS.subscribed)).toBeVisible();
    await waitFor(() => expect(device).toBeChecked());
    await waitFor(() => expect(device).toBeEnabled());
    expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1);
  });

  it('keeps a subscription it did not create when registering it fails on turning on', async () => {
    const browser = fakeBrowserPush('granted', { key: keyBytes(PUBLIC_KEY) });
    api.reply('POST /api/push/subscriptions', 'network');
    await expect(enablePush(PUBLIC_KEY)).rejects.toThrow();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();

    api.reply('POST /api/push/subscriptions', 429, { message: 'Trop de demandes.' });
    await expect(enablePush(PUBLIC_KEY)).rejects.toThrow('Trop de demandes.');
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('drops a subscription made with a key the server no longer uses', async () => {
    const old = new Uint8Array(65).fill(4);
    const browser = fakeBrowserPush('granted', { key: old });
    const section = await pushSection();
    const device = await section.findByRole('switch', { name: /Recevoir les notifications ici/ });
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce());
    expect(device).not.toBeChecked();
    expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(0);
  });
});
