import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { because } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const DEMO_TEMPLATES = ['Site evacuation', 'Fire drill (test)', 'IT outage: are you affected?'];

const templatesTable = (page: Page) => page.getByRole('table', { name: /message templates/i });
/** The names of the rows shown, in order. */
const names = (page: Page) => templatesTable(page).locator('tbody th').allTextContents();
const sameNames = async (page: Page, expected: readonly string[]) => {
  await page.waitForFunction(
    (wanted) => JSON.stringify(Array.from(document.querySelectorAll('main table tbody th'), (cell) => cell.textContent)) === JSON.stringify(wanted),
    expected,
    { timeout: 10_000 },
  );
  expect(await names(page)).toEqual(expected);
};

/** Text of the screen against what is behind it. */
async function expectReadableText(page: Page, selectors: readonly string[]) {
  for (const selector of selectors) {
    const ratio = await contrastOf(page, selector);
    because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
  }
}

(chromiumMissingReason !== null ? describe.skip : describe)('Message Templates in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('lists the demo templates, filters test ones, searches, copies one, deletes the copy, and shows another admin’s change at once', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.goto(`${server.url}/ui/message_managing`);
    await templatesTable(page).waitFor({ timeout: 15_000 });
    expect([...(await names(page))].sort()).toEqual([...DEMO_TEMPLATES].sort());
    const evacuation = templatesTable(page).getByRole('row').filter({ hasText: 'Site evacuation' });
    expect(await evacuation.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['100', 'Real', 'Broadcast', 'SMS, Voice Call, Email', 'Demo Organisation', expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)]),
    );
    expect(await page.getByRole('main').getByRole('link', { name: 'Create Message' }).getAttribute('href')).toBe('/ui/message/scenario/add');
    await expectAccessible(page, 'Message Templates');
    await expectReadableText(page, ['main h1', 'main th', 'main td', 'main legend', 'main label span', 'main a[href$="/scenario/add"]', 'main caption']);

    // The keyboard moves between All, Real and Test as between radios.
    const filters = page.getByRole('search', { name: 'Filter message templates' });
    await filters.getByRole('radio', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await filters.getByRole('radio', { name: 'Test' }).isChecked()).toBe(true);
    await sameNames(page, ['Fire drill (test)']);
    expect(page.url()).toMatch(/\/ui\/message_managing\?active_tab=test$/);
    await expectAccessible(page, 'Message Templates, test messages');

    await filters.getByRole('radio', { name: 'All' }).check();
    await filters.getByRole('searchbox', { name: 'Search by name or message ID' }).fill('outage');
    await sameNames(page, ['IT outage: are you affected?']);
    expect(page.url()).toMatch(/\/ui\/message_managing\?search=outage$/);
    await filters.getByRole('searchbox', { name: 'Search by name or message ID' }).fill('no such message');
    await page.getByText('The filter criteria does not match any results.').waitFor();
    await expectAccessible(page, 'Message Templates, nothing found');
    await filters.getByRole('searchbox', { name: 'Search by name or message ID' }).fill('');
    await templatesTable(page).waitFor();

    await page.getByRole('button', { name: 'Copy Site evacuation' }).click();
    await page.getByText('Message “Site evacuation” copied as “Copy of Site evacuation”.').waitFor({ timeout: 10_000 });
    const copy = templatesTable(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Copy of Site evacuation', exact: true }) });
    await copy.waitFor();
    // The copy has the draft but not the message ID, which names one message for phone invocation.
    expect(await copy.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['None', 'Real', 'SMS, Voice Call, Email']));
    await expectAccessible(page, 'Message Templates with the copy');

    await page.getByRole('button', { name: 'Delete Copy of Site evacuation' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete the message “Copy of Site evacuation”?', { exact: false }).waitFor();
    await expectAccessible(page, 'the delete confirmation', '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Message “Copy of Site evacuation” deleted.').waitFor({ timeout: 10_000 });
    await copy.waitFor({ state: 'detached' });
    expect([...(await names(page))].sort()).toEqual([...DEMO_TEMPLATES].sort());

    // Another admin renames a message: the list shows it without a reload.
    const otherAdmin = await apiLogin(server.url, 'admin@demo.test');
    const headers = { 'Content-Type': 'application/json', Authorization: `Token ${otherAdmin}` };
    const listed = (await (await fetch(`${server.url}/api/scenario/?page_size=all&search=outage`, { headers })).json()) as { id: string }[];
    const renamed = await fetch(`${server.url}/api/scenario/${listed[0]!.id}/`, { method: 'PUT', headers, body: JSON.stringify({ scenario_name: 'IT outage: all sites' }) });
    expect(renamed.status).toBe(200);
    await templatesTable(page).getByRole('rowheader', { name: 'IT outage: all sites' }).waitFor({ timeout: 10_000 });
    expect((await names(page))[0]).toBe('IT outage: all sites');
    await context.close();
  });
});
