import { describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import type { Browser, Page } from 'playwright-core';
import type { AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, mainMenu, newConsolePage, signInThroughLoginPage, storedToken, waitForLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const selfStatus = (token: string) =>
  fetch(`${server.url}/api/user/self/`, { headers: { Authorization: `Token ${token}` } }).then((r) => r.status);

/** The logout call runs alongside the redirect to the login page, so the revocation may land a moment later. */
async function statusSettlesOn(token: string, expected: number, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = await selfStatus(token);
  while (status !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    status = await selfStatus(token);
  }
  return status;
}

/** Signs the operator in and returns the token the console stored, checked live against the API. */
async function signInOperator(page: Page): Promise<string> {
  await signInThroughLoginPage(page, server.url, 'operator@demo.test');
  const token = await storedToken(page);
  because('the console keeps the token in localStorage "token"', () => expect(token).toBeTruthy());
  expect(await selfStatus(token!)).toBe(200);
  return token!;
}

/** A client-side navigation (no reload), as a link or the back button would do it. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectLoggedOut(page: Page, token: string): Promise<void> {
  await waitForLoginPage(page);
  await because('the signed-in layout is gone', async () => expect(await mainMenu(page).count()).toBe(0));
  await because('no header either', async () => expect(await page.getByRole('banner').count()).toBe(0));
  // The console shows the login page at once and clears the stored token when the logout call ends.
  await page.waitForFunction(() => window.localStorage.getItem('token') === null, undefined, { timeout: 10_000 });
  await because('the old token is revoked on the server', async () => expect(await statusSettlesOn(token, 401)).toBe(401));
}

(chromiumMissingReason !== null ? describe.skip : describe)('a failed route guard logs the user out', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('an operator navigating in the app to the admin-only Activity Log ends on the login page with the token revoked', async () => {
    const { context, page } = await newConsolePage(browser);
    try {
      const token = await signInOperator(page);
      // Control: the same kind of navigation to a route the operator's guard allows keeps the session.
      await navigateInApp(page, '/ui/incidents/settings');
      await page.waitForURL('**/ui/incidents/settings');
      await page.waitForTimeout(500);
      expect(await mainMenu(page).isVisible()).toBe(true);
      expect(await storedToken(page)).toBe(token);
      await page.getByRole('heading', { name: 'Incident settings', level: 1 }).waitFor();
      await expectAccessible(page, 'Incident settings, reached by in-app navigation');

      await navigateInApp(page, '/ui/activity_log');
      await expectLoggedOut(page, token);
      await expectAccessible(page, 'the login page after a failed route guard', 'body');

      // Signing in again goes to the dashboard, not back to the page that failed its guard.
      await page.getByLabel('Email', { exact: true }).fill('operator@demo.test');
      await page.getByLabel('Password', { exact: true }).fill('Demo-password-1');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await mainMenu(page).waitFor({ state: 'visible', timeout: 15_000 });
      expect(new URL(page.url()).pathname).toMatch(/^\/ui\/?$/);
      const second = await storedToken(page);
      expect(second).toBeTruthy();
      expect(second).not.toBe(token);
      expect(await selfStatus(second!)).toBe(200);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await expectAccessible(page, 'the operator’s Dashboard after signing in again', 'body');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('an operator opening the admin-only /ui/custom_branding by URL ends on the login page with the token revoked', async () => {
    const { context, page } = await newConsolePage(browser);
    try {
      const token = await signInOperator(page);
      await page.goto(`${server.url}/ui/custom_branding`);
      await expectLoggedOut(page, token);
      await expectAccessible(page, 'the login page after opening a forbidden URL', 'body');
    } finally {
      await context.close();
    }
  }, 60_000);
});
