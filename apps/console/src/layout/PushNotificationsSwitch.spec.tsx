import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient, Method } from '../api/api-client';
import { renderWithSession } from '../testing/render-with-session';
import { stubApi } from '../testing/stub-api';
import { PushPermissionDenied, applicationServerKeyOf, type BrowserPush } from './browser-push';
import { PUSH_BLOCKED, PUSH_OFF_ON_SERVER, PUSH_ON_FAILED, PUSH_UNSUPPORTED, PushNotificationsSwitch } from './PushNotificationsSwitch';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = { endpoint: 'https://push.example.test/abc', expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } };

/** A browser with the Push API, subscribed or not; `subscribe` as given. */
function aBrowser(subscribed: boolean, subscribe: BrowserPush['subscribe'] = async () => SUBSCRIPTION) {
  let current: PushSubscriptionJSON | null = subscribed ? SUBSCRIPTION : null;
  return {
    supported: () => true,
    current: jest.fn(async () => current),
    subscribe: jest.fn(async (key: string) => {
      current = await subscribe(key);
      return current;
    }),
    unsubscribe: jest.fn(async () => {
      const endpoint = current?.endpoint ?? null;
      current = null;
      return endpoint;
    }),
  } satisfies BrowserPush;
}

/** The server: its VAPID key, and the calls the switch made (method and path, with the body). */
function aServer(key: string | null, refuse: { register?: boolean } = {}) {
  const calls: [Method, string, unknown][] = [];
  const api: ApiClient = stubApi({
    send: (async (method: Method, path: string, body?: unknown) => {
      calls.push([method, path, body]);
      if (path === '/api/push_subscription/vapid_public_key/') return { vapid_public_key: key };
      if (method === 'POST' && refuse.register) throw new Error('400');
      return method === 'POST' ? { id: 'sub-1' } : undefined;
    }) as ApiClient['send'],
  });
  return { api, calls };
}

const theSwitch = () => screen.findByRole('switch', { name: 'Notifications on this browser' });

describe('notifications on this browser', () => {
  it('says so instead of the switch when the browser has no Push API, asking the server nothing', () => {
    const { api, calls } = aServer(KEY);
    renderWithSession(<PushNotificationsSwitch push={{ ...aBrowser(false), supported: () => false }} />, { api });
    expect(screen.getByText(PUSH_UNSUPPORTED)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says so instead of the switch when the server has no VAPID key', async () => {
    const { api } = aServer(null);
    renderWithSession(<PushNotificationsSwitch push={aBrowser(false)} />, { api });
    expect(await screen.findByText(PUSH_OFF_ON_SERVER)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('turns on from the keyboard: subscribes with the VAPID key and registers the subscription; off unsubscribes and removes it', async () => {
    const browser = aBrowser(false);
    const { api, calls } = aServer(KEY);
    renderWithSession(<PushNotificationsSwitch push={browser} />, { api });
    const control = await theSwitch();
    expect(control.getAttribute('aria-checked')).toBe('false');

    const user = userEvent.setup();
    control.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'));
    expect(browser.subscribe).toHaveBeenCalledWith(KEY);
    expect(calls.at(-1)).toEqual(['POST', '/api/push_subscription/', SUBSCRIPTION]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('false'));
    expect(calls.at(-1)).toEqual(['DELETE', `/api/push_subscription/?endpoint=${encodeURIComponent(SUBSCRIPTION.endpoint)}`, undefined]);
    expect(document.activeElement).toBe(control);
  });

  it('shows a browser already subscribed as on, and registers it again with the server', async () => {
    const { api, calls } = aServer(KEY);
    renderWithSession(<PushNotificationsSwitch push={aBrowser(true)} />, { api });
    expect((await theSwitch()).getAttribute('aria-checked')).toBe('true');
    expect(calls.map(([method, path]) => `${method} ${path}`)).toEqual(['GET /api/push_subscription/vapid_public_key/', 'POST /api/push_subscription/']);
  });

  it('says why it stays off: notifications blocked, or the server refused the subscription (which is then undone)', async () => {
    const blocked = aBrowser(false, async () => {
      throw new PushPermissionDenied('denied');
    });
    const first = renderWithSession(<PushNotificationsSwitch push={blocked} />, { api: aServer(KEY).api });
    const user = userEvent.setup();
    await user.click(await theSwitch());
    expect(await screen.findByRole('status')).toHaveProperty('textContent', PUSH_BLOCKED);
    expect((await theSwitch()).getAttribute('aria-checked')).toBe('false');
    first.unmount();

    const refused = aBrowser(false);
    renderWithSession(<PushNotificationsSwitch push={refused} />, { api: aServer(KEY, { register: true }).api });
    await user.click(await theSwitch());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(PUSH_ON_FAILED));
    expect((await theSwitch()).getAttribute('aria-checked')).toBe('false');
    expect(refused.unsubscribe).toHaveBeenCalled();
  });

  it('turns the base64url VAPID key into the bytes the Push API takes', () => {
    const bytes = applicationServerKeyOf(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
