import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
import { eventually } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const rootId = DEMO_GROUPS[0].customerGroupId;
const NUMBER = '+442079460000';

/** The list's row for a number, as its cells' texts. */
const rowOf = (page: Page, phoneNumber: string) =>
  page
    .getByRole('table', { name: 'Noticeboard numbers' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: phoneNumber, exact: true }) })
    .getByRole('cell')
    .allTextContents();

(chromiumMissingReason !== null ? describe.skip : describe)('Audio Noticeboard in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('creates a noticeboard message for the group’s number, updates it and lists it, each screen passing axe', async () => {
    const admin = await apiLogin(server.url, 'admin@demo.test');
    const settings = await fetch(`${server.url}/api/customer_group_settings/${rootId}/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${admin}` },
      body: JSON.stringify({ noticeboard_numbers: [{ phone_number: NUMBER, provider: 'noticeboard', is_voice: true }] }),
    });
    expect(settings.status).toBe(200);

    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/ui/audio_noticeboard`);
    await page.getByRole('table', { name: 'Noticeboard numbers' }).waitFor({ timeout: 15_000 });
    expect(await rowOf(page, NUMBER)).toEqual(['noticeboard', 'Yes', 'No', 'No message yet', `Update ${NUMBER}`]);
    await expectAccessible(page, 'Audio Noticeboard');

    await page.getByRole('link', { name: 'Create audio noticeboard' }).click();
    await page.waitForURL('**/ui/audio_noticeboard/add');
    const create = page.getByRole('form', { name: 'Create Audio Noticeboard' });
    await create.waitFor();
    expect(await create.getByLabel('Noticeboard number').inputValue()).toBe(NUMBER);
    const message = create.getByRole('textbox', { name: 'Message' });
    await message.fill('x');
    await message.fill('');
    await create.getByText('This field may not be blank.').waitFor();
    await expectAccessible(page, 'Create Audio Noticeboard, with an error');
    await message.fill('The bridge is closed until further notice.');
    await create.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText(`Audio noticeboard for ${NUMBER} created.`).waitFor();
    await page.waitForURL('**/ui/audio_noticeboard');
    await eventually(async () => expect((await rowOf(page, NUMBER))[3]).toBe('The bridge is closed until further notice.'), { timeout: 5_000 });
    expect(await page.getByRole('link', { name: 'Create audio noticeboard' }).count()).toBe(0);
    // The Save the keyboard was on is gone: the list's title has it now.
    expect(await page.getByRole('heading', { level: 1, name: 'Audio Noticeboard' }).evaluate((title) => title === document.activeElement)).toBe(true);

    await page.getByRole('link', { name: `Update ${NUMBER}` }).click();
    await page.waitForURL('**/ui/audio_noticeboard/442079460000');
    const update = page.getByRole('form', { name: 'Update Audio Noticeboard' });
    await update.waitFor();
    expect(await update.getByRole('textbox', { name: 'Noticeboard number' }).inputValue()).toBe(NUMBER);
    const current = update.getByRole('textbox', { name: 'Message' });
    expect(await current.inputValue()).toBe('The bridge is closed until further notice.');
    await expectAccessible(page, 'Update Audio Noticeboard');
    await current.fill('The bridge is open again.');
    await update.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText(`Audio noticeboard for ${NUMBER} updated.`).waitFor();
    await page.waitForURL('**/ui/audio_noticeboard');
    await eventually(async () => expect(await rowOf(page, NUMBER)).toEqual(['noticeboard', 'Yes', 'No', 'The bridge is open again.', `Update ${NUMBER}`]), {
      timeout: 5_000,
    });
    await expectAccessible(page, 'Audio Noticeboard, with a message');

    const listed = await fetch(`${server.url}/api/audio-noticeboards/`, { headers: { Authorization: `Token ${admin}` } });
    expect(await listed.json()).toEqual([{ phone_number: NUMBER, provider: 'noticeboard', is_voice: true, is_default: false, message: 'The bridge is open again.' }]);

    await page.goto(`${server.url}/ui/audio_noticeboard/441234567890`);
    await page.getByRole('heading', { name: 'Noticeboard not found' }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Update Audio Noticeboard, not found');
    await context.close();
  });
});
