import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
import { because } from '@beacon/testing';
import type { AppProcess } from './support/app-process';
import { chromiumMissingReason } from './support/browser';
import { expectAccessible } from './support/axe';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;

const form = (page: Page, name: string) => page.getByRole('form', { name });

/** Every label, hint, error and tab of the screen against what is behind it. */
async function expectReadableText(page: Page, selectors: readonly string[]) {
  for (const selector of selectors) {
    const ratio = await contrastOf(page, selector);
    because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
  }
}

(chromiumMissingReason !== null ? describe.skip : describe)('Edit a dataset in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('opens on Devices, and saves message sending and routing settings the server checks, which a reload shows', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.goto(`${server.url}/ui/datasets/${northId}/edit`);
    await page.waitForURL(`**/ui/datasets/${northId}/edit/devices`);
    await page.getByRole('heading', { level: 1, name: 'North Region' }).waitFor({ timeout: 15_000 });
    const devices = page.getByRole('table', { name: 'Device fields' });
    await devices.waitFor();
    expect(await devices.getByRole('rowheader').allTextContents()).toEqual([
      'MobileFrom a parent dataset',
      'Work emailFrom a parent dataset',
      'LandlineFrom a parent dataset',
    ]);

    await page.getByRole('navigation', { name: 'Dataset sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Message sending' }).click();
    const sending = form(page, 'Message sending');
    const sender = sending.getByRole('textbox', { name: 'Default SMS sender name' });
    expect(await sender.inputValue()).toBe('DemoOrg');
    await sender.fill('North 2026!');
    await sending.getByText('A sender name is at most 11 letters, digits or spaces, with at least one letter.').waitFor();
    await sender.fill('North Ops');
    await sending.getByRole('combobox', { name: 'Default message timeout' }).selectOption({ label: '4 hours' });
    await sending.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Message sending settings saved.').waitFor();

    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Outbound and inbound routing' }).click();
    const routing = form(page, 'Outbound and inbound routing');
    const forced = routing.getByRole('checkbox', { name: 'Forced two-way SMS' });
    expect(await routing.getByRole('checkbox', { name: 'Two-way SMS', exact: true }).isChecked()).toBe(true);
    await forced.check();
    expect(await routing.getByRole('checkbox', { name: 'Two-way SMS', exact: true }).isChecked()).toBe(false);
    // A country and a dial code that disagree: the server's message shows at the dial code.
    await routing.getByRole('textbox', { name: 'Country code' }).fill('IE');
    await routing.getByRole('button', { name: 'Save' }).click();
    await routing.getByText('The dial code of IE is +353.').waitFor();
    await routing.getByRole('textbox', { name: 'Dial code' }).fill('+353');
    await routing.getByRole('textbox', { name: 'Country', exact: true }).fill('Ireland');
    await routing.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Outbound and inbound routing settings saved.').waitFor();

    await page.reload();
    await form(page, 'Outbound and inbound routing').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Outbound and inbound routing');
    expect(await form(page, 'Outbound and inbound routing').getByRole('checkbox', { name: 'Forced two-way SMS' }).isChecked()).toBe(true);
    expect(await form(page, 'Outbound and inbound routing').getByRole('textbox', { name: 'Dial code' }).inputValue()).toBe('+353');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Message sending' }).click();
    expect(await form(page, 'Message sending').getByRole('textbox', { name: 'Default SMS sender name' }).inputValue()).toBe('North Ops');
    expect(await form(page, 'Message sending').getByRole('combobox', { name: 'Default message timeout' }).inputValue()).toBe('14400');

    await form(page, 'Message sending').getByRole('textbox', { name: 'Opening text' }).fill('x'.repeat(161));
    await form(page, 'Message sending').getByRole('button', { name: 'Save' }).click();
    await expectReadableText(page, [
      'nav[aria-label="Dataset sections"] a[aria-current]',
      'nav[aria-label="Dataset sections"] a:not([aria-current])',
      'main form label',
      'main form [id$="-hint"]',
      'main form [id$="-error"]',
      'main form [role="alert"] p',
    ]);
    await context.close();
  });

  it('chooses audit recipients among the dataset’s users, saves them, and turning audit off clears them', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/ui/datasets/${rootId}/edit/audit`);
    const audit = form(page, 'Audit');
    await audit.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Audit');

    await audit.getByRole('checkbox', { name: 'Send audit reports' }).check();
    const imports = audit.getByRole('group', { name: 'This dataset' }).getByRole('listbox', { name: 'Imports (this dataset)', exact: true });
    const offered = await imports.getByRole('option').allTextContents();
    because('the options are the dataset’s users by email, sorted', () =>
      expect(offered).toEqual([...offered].sort((a, b) => a.localeCompare(b))),
    );
    expect(offered).toContain('admin@demo.test');
    await imports.selectOption({ label: 'admin@demo.test' });
    await audit.getByRole('checkbox', { name: 'Add additional emails to the distribution list' }).check();
    await audit.getByRole('textbox', { name: 'Domains' }).fill('demo.test');
    await audit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Audit settings saved.').waitFor();

    await page.reload();
    await form(page, 'Audit').waitFor({ timeout: 15_000 });
    const reloaded = form(page, 'Audit').getByRole('listbox', { name: 'Imports (this dataset)', exact: true });
    expect(await reloaded.evaluate((select: HTMLSelectElement) => Array.from(select.selectedOptions, (option) => option.text))).toEqual(['admin@demo.test']);
    expect(await form(page, 'Audit').getByRole('textbox', { name: 'Domains' }).inputValue()).toBe('demo.test');

    await form(page, 'Audit').getByRole('checkbox', { name: 'Send audit reports' }).uncheck();
    await form(page, 'Audit').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Audit settings saved.').waitFor();
    await page.reload();
    await form(page, 'Audit').waitFor({ timeout: 15_000 });
    await form(page, 'Audit').getByRole('checkbox', { name: 'Send audit reports' }).check();
    expect(await form(page, 'Audit').getByRole('listbox', { name: 'Imports (this dataset)', exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions.length)).toBe(0);
    await context.close();
  });

  it('merges a contact field into messages, which a reload shows', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/ui/datasets/${northId}/edit/merge-fields`);
    const fields = form(page, 'Merge fields').getByRole('group', { name: 'Fields to merge' });
    await fields.waitFor({ timeout: 15_000 });
    expect(await fields.getByRole('checkbox').count()).toBe(7);

    await fields.getByRole('checkbox', { name: 'Department' }).check();
    await form(page, 'Merge fields').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Merge fields saved.').waitFor();
    await page.reload();
    await form(page, 'Merge fields').getByRole('group', { name: 'Fields to merge' }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Merge fields');
    expect(await form(page, 'Merge fields').getByRole('checkbox', { name: 'Department' }).isChecked()).toBe(true);
    await context.close();
  });
});
