import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
import { apiLogin, newDataDir, startAppProcess, type AppProcess } from './support/app-process';
import { chromiumMissingReason, launchChromium } from './support/browser';
import { reportOpenPagesOnFailure } from './support/failure-report';
import { expectAccessible } from './support/axe';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

const rootId = DEMO_GROUPS[0].customerGroupId;
const dataDir = newDataDir();
let server: AppProcess;
let browser: Browser;

(chromiumMissingReason !== null ? describe.skip : describe)('the vertical slice in a real browser', () => {
  beforeAll(async () => {
    server = await startAppProcess('embedded', dataDir);
    browser = await launchChromium();
  });

  reportOpenPagesOnFailure(() => browser);
  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in, shows the module name, and updates the menu live when another client renames it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ui/`);
    await page.waitForURL('**/ui/login');
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await expectAccessible(page, 'the login page', 'body');
    await page.getByLabel('Email').fill('operator@demo.test');
    await page.getByLabel('Password').fill('Demo-password-1');
    await page.getByLabel('Password').press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Incidents', { exact: true }).waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(/\/ui\/?$/);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectAccessible(page, 'the operator’s Dashboard, with the header and menu', 'body');

    const otherClient = await apiLogin(server.url, 'admin@demo.test');
    const response = await fetch(`${server.url}/api/customer_group_im_settings/${rootId}/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${otherClient}` },
      body: JSON.stringify({ module_name: 'Case', module_name_plural: 'Cases' }),
    });
    expect(response.status).toBe(200);

    await menu.getByText('Cases', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await menu.getByText('Incidents', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the Dashboard and menu with the module renamed', 'body');
  });

  it('serves the app for unknown paths under /ui/ (history routing)', async () => {
    const response = await fetch(`${server.url}/ui/some/deep/link`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"');
  });
});
