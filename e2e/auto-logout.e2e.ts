import { describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import type { Browser, Page, Request } from 'playwright-core';
import { DEMO_ROOT_ID } from '@beacon/command-api';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import {
  mainMenu,
  newConsolePage,
  signInThroughLoginPage,
  consoleJourney,
  storedToken,
  waitForLoginPage,
  type ConsoleTimings,
} from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

/** The server's idle lifetime of a token in this journey: every successful call moves the expiry this far ahead. */
const TOKEN_IDLE_SECONDS = 8;
const TOKEN_IDLE_MS = TOKEN_IDLE_SECONDS * 1000;

/**
 * The console's timings shortened for the journey: idle after 1 s, the auto-logout check every
 * 0.5 s, the console's idea of the session extension equal to the server's token lifetime, and a
 * threshold longer than that lifetime (so every check is "within the threshold of the idle expiry").
 */
const SHORT_TIMINGS: ConsoleTimings = {
  idleTimeoutMs: 1000,
  autoLogoutCheckMs: 500,
  autoLogoutThresholdMs: TOKEN_IDLE_MS * 2,
  sessionExtensionMs: TOKEN_IDLE_MS,
  keepaliveIntervalMs: 1000,
  activityThrottleMs: 200,
};

let server: AppProcess;
let browser: Browser;

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

const selfStatus = (token: string) =>
  fetch(`${server.url}/api/user/self/`, { headers: { Authorization: `Token ${token}` } }).then((r) => r.status);

/** An admin turns on the demo root group's auto-logout through the API, and waits until reads show it. */
async function switchOnAutoLogout(): Promise<void> {
  const token = await apiLogin(server.url, 'admin@demo.test');
  const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
  const response = await fetch(`${server.url}/api/customer_group/${DEMO_ROOT_ID}/`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ id: DEMO_ROOT_ID, should_use_autologout: true }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: DEMO_ROOT_ID, should_use_autologout: true });
  const position = response.headers.get('x-event-position')!;
  const group = (await fetch(`${server.url}/api/customer_group/self/`, { headers: { ...headers, 'X-Read-Position': position } }).then((r) =>
    r.json(),
  )) as { should_use_autologout: boolean };
  expect(group.should_use_autologout).toBe(true);
}

async function waitForTokenCleared(page: Page): Promise<void> {
  await page.waitForFunction(() => window.localStorage.getItem('token') === null, undefined, { timeout: 10_000 });
}

(chromiumMissingReason !== null ? describe.skip : describe)('an idle session ends (token idle lifetime 8 s, shortened console timings)', () => {
  consoleJourney({ TOKEN_IDLE_SECONDS: String(TOKEN_IDLE_SECONDS) }, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('the server tells the console the token idle lifetime', async () => {
    const token = await apiLogin(server.url, 'admin@demo.test');
    const expiry = (await fetch(`${server.url}/api/get_token_expiry_time/`, { headers: { Authorization: `Token ${token}` } }).then((r) =>
      r.json(),
    )) as { token_expiry: unknown };
    expect(Number(expiry.token_expiry)).toBe(TOKEN_IDLE_SECONDS);
  });

  it('after the token idle expiry the next console call answers 401 and the console returns to the login page', async () => {
    const { context, page } = await newConsolePage(browser, SHORT_TIMINGS);
    let lastApiCallAt = 0;
    const unauthorized: string[] = [];
    page.on('request', (request) => {
      if (isApi(request.url())) lastApiCallAt = Date.now();
    });
    page.on('response', (response) => {
      if (isApi(response.url()) && response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
    });
    try {
      await signInThroughLoginPage(page, server.url, 'operator@demo.test');
      const token = (await storedToken(page))!;
      expect(token).toBeTruthy();

      // The user leaves the console alone. The console stops calling once the user is idle, so the
      // token runs out on the server one lifetime after its last call. (Probing the token from here
      // would extend it, so the journey only watches the console's own calls.)
      const deadline = Date.now() + 30_000;
      while (Date.now() < lastApiCallAt + TOKEN_IDLE_MS + 1500) {
        if (Date.now() > deadline) throw new Error('the console kept calling the API while the user was idle');
        await page.waitForTimeout(250);
      }
      await because('the token expired on the server', async () => expect(await selfStatus(token)).toBe(401));
      because('no console call failed yet', () => expect(unauthorized).toEqual([]));
      // Without the group's auto-logout nothing has signed the user out in the console yet.
      expect(await mainMenu(page).isVisible()).toBe(true);

      // The user comes back: the first console call (the keepalive on activity) answers 401, which logs out.
      const first401 = page.waitForResponse((response) => isApi(response.url()) && response.status() === 401, { timeout: 10_000 });
      await page.mouse.move(300, 300);
      await page.mouse.move(400, 350, { steps: 5 });
      await first401;
      await waitForLoginPage(page);
      await waitForTokenCleared(page);
      expect(await mainMenu(page).count()).toBe(0);
      expect(unauthorized.length).toBeGreaterThan(0);
      await expectAccessible(page, 'the login page after the token expired', 'body');
    } finally {
      await context.close();
    }
  }, 60_000);

  it(
    'with the group setting should_use_autologout switched on by an admin (PUT /api/customer_group/{id}/), ' +
      'the console logs an idle user out for inactivity before the token expires',
    async () => {
      await switchOnAutoLogout();
      const { context, page } = await newConsolePage(browser, SHORT_TIMINGS);
      const logouts: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/rest-auth/logout/') logouts.push(request);
      });
      try {
        await signInThroughLoginPage(page, server.url, 'operator@demo.test');
        const signedInAt = Date.now();
        const token = (await storedToken(page))!;
        expect(token).toBeTruthy();

        // Idle 1 s makes the user inactive; the next check (every 0.5 s) asks for the last activity and logs out.
        await waitForLoginPage(page, TOKEN_IDLE_MS);
        const loggedOutAfterMs = Date.now() - signedInAt;
        await waitForTokenCleared(page);
        await expectAccessible(page, 'the login page after an inactivity logout', 'body');
        because('logged out by the console, before the server expired the token', () => expect(loggedOutAfterMs).toBeLessThan(TOKEN_IDLE_MS));
        expect(logouts.length).toBe(1);
        expect(new URL(logouts[0]!.url()).searchParams.get('inactivity')).toBe('true');
        await because('the logout revoked the token', async () => expect(await selfStatus(token)).toBe(401));
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
