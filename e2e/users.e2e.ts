import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { wallClockAt } from '@beacon/domain';
import { because } from '@beacon/testing';
import type { AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

/** Tomorrow's date as DD/MM/YYYY in the zone, and whether it falls in next week (today is Sunday there). */
function tomorrowIn(timeZone: string): { text: string; nextWeek: boolean } {
  const today = wallClockAt(Date.now(), timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const text = `${String(tomorrow.getUTCDate()).padStart(2, '0')}/${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}/${tomorrow.getUTCFullYear()}`;
  return { text, nextWeek: tomorrow.getUTCDay() === 1 };
}

const usersTable = (page: Page) => page.getByRole('table', { name: /^Users of/ });
const sections = (page: Page) => page.getByRole('navigation', { name: 'User sections' });

/** Text of the screen against what is behind it. */
async function expectReadableText(page: Page, selectors: readonly string[]) {
  for (const selector of selectors) {
    const ratio = await contrastOf(page, selector);
    because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
  }
}

(chromiumMissingReason !== null ? describe.skip : describe)('Manage Users in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('adds a user with an SMS device, sees the device in E.164 on their page, and finds them in the list by search', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.goto(`${server.url}/ui/users`);
    await usersTable(page).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Manage Users');
    await expectReadableText(page, ['main h1', 'main th button', 'main td', 'main label']);

    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Email', { exact: true }).fill('grace.hopper@demo.test');
    await form.getByLabel('First name', { exact: true }).fill('Grace');
    await form.getByLabel('Last name', { exact: true }).fill('Hopper');
    // The demo tenant's "Mobile" field: PHONE(SMS&VOICE), typed as a UK number without its country code.
    const mobile = form.getByLabel('Mobile', { exact: true });
    await mobile.fill('07911 123457');
    await expectAccessible(page, 'the add user form');
    await form.getByRole('button', { name: 'Create user' }).click();

    await page.waitForURL('**/ui/users/*/edit/devices', { timeout: 15_000 });
    await page.getByText('User “Grace Hopper” created.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    const devices = page.getByRole('form', { name: 'Devices' });
    await devices.waitFor();
    expect(await devices.getByLabel('Mobile', { exact: true }).inputValue()).toBe('+447911123457');
    await expectAccessible(page, 'the user’s Devices');
    await expectReadableText(page, ['main h1', 'main nav a[aria-current="page"]', 'main label', 'main form span']);

    for (const [tab, formName] of [
      ['Data', 'Data'],
      ['Settings', 'Settings'],
    ] as const) {
      await sections(page).getByRole('link', { name: tab }).click();
      await page.getByRole('form', { name: formName }).waitFor();
      await expectAccessible(page, `the user’s ${tab}`);
    }

    // On call: a period tomorrow from 08:00:00 to 18:00:00, typed and listed as DD/MM/YYYY HH:mm:ss in
    // the user's time zone, which the tab names.
    await sections(page).getByRole('link', { name: 'On call' }).click();
    const zoneNote = page.getByText(/^Times are DD\/MM\/YYYY HH:mm:ss in (.+), the user’s time zone\.$/);
    const timeZone = /in (.+), the user’s/.exec(await zoneNote.textContent({ timeout: 15_000 }) ?? '')![1]!;
    const day = tomorrowIn(timeZone);
    await page.getByRole('button', { name: 'Add period' }).click();
    const period = page.getByRole('form', { name: 'Add an on-call period' });
    await period.getByLabel('Start', { exact: true }).fill(`${day.text} 08:00:00`);
    await period.getByLabel('End', { exact: true }).fill(`${day.text} 18:00:00`);
    await expectAccessible(page, 'the user’s On call, adding a period');
    await period.getByRole('button', { name: 'Save' }).click();
    await page.getByText('On-call period added.').waitFor();
    // Tomorrow is in next week's view when today is Sunday.
    if (day.nextWeek) await page.getByRole('navigation', { name: 'Weeks' }).getByRole('button', { name: 'Next week' }).click();
    const listed = page.getByRole('table', { name: /^On-call periods/ }).getByRole('row').filter({ hasText: `${day.text} 08:00:00` });
    await listed.waitFor();
    expect(await listed.getByRole('cell').allTextContents()).toEqual([`${day.text} 08:00:00`, `${day.text} 18:00:00`, expect.stringContaining('Edit')]);
    await expectAccessible(page, 'the user’s On call');
    await expectReadableText(page, ['main h2', 'main caption', 'main td', 'main th[scope="row"]']);

    await page.getByRole('main').getByRole('link', { name: 'Manage Users' }).click();
    await usersTable(page).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('grace.hopper');
    const found = usersTable(page).getByRole('row').filter({ hasText: 'grace.hopper@demo.test' });
    await found.waitFor({ timeout: 10_000 });
    expect(await usersTable(page).getByRole('row').count()).toBe(2);
    expect(await found.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Hopper', 'Grace', 'grace.hopper@demo.test', 'Contact', 'Demo Organisation', 'Never', 'Yes']),
    );
    await expectAccessible(page, 'Manage Users, searched');
    await context.close();
  });
});
