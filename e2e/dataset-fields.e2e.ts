import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
import { eventually } from '@beacon/testing';
import type { AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const rootId = DEMO_GROUPS[0].customerGroupId;

/** The row of a contact field in the Data table, as its text. */
const fieldRow = (page: Page, label: string) =>
  page.getByRole('table', { name: 'Data fields' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label}`) }) });

(chromiumMissingReason !== null ? describe.skip : describe)('A dataset’s contact fields in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('creates a child group, adds a single choice field with options, excludes one option for the child and sees it excluded there', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.goto(`${server.url}/ui/datasets`);
    const tree = page.getByRole('tree', { name: 'Customer groups' });
    await tree.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Manage Datasets');
    await page.getByRole('treeitem', { name: 'Demo Organisation', exact: true }).focus();
    await page.getByRole('button', { name: 'Add child group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New child group of “Demo Organisation”' });
    await dialog.getByLabel('Name').fill('Harbour Team');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await tree.getByRole('treeitem', { name: 'Harbour Team' }).waitFor();

    await page.goto(`${server.url}/ui/datasets/${rootId}/edit/data`);
    const form = page.getByRole('group', { name: 'Add a data field' });
    await form.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the root dataset’s Data');
    await form.getByLabel('Field name').fill('Duty rota');
    await form.getByLabel('Type').selectOption('SINGLESELECT');
    await form.getByLabel('Options, one per line').fill('Early\nLate\nNight');
    await form.getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Field “Duty rota” added.').waitFor();
    await fieldRow(page, 'Duty rota').waitFor();
    expect(await fieldRow(page, 'Duty rota').getByRole('list', { name: 'Options of Duty rota' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Early'),
      expect.stringContaining('Late'),
      expect.stringContaining('Night'),
    ]);

    // To the child group through the tree, then its Data tab.
    await page.goto(`${server.url}/ui/datasets`);
    await tree.getByRole('link', { name: 'Harbour Team' }).click();
    await page.getByRole('navigation', { name: 'Dataset sections' }).getByRole('link', { name: 'Data' }).click();
    const inherited = fieldRow(page, 'Duty rota');
    await inherited.waitFor({ timeout: 15_000 });
    await inherited.getByText('From a parent dataset').waitFor();
    await expectAccessible(page, 'the child dataset’s Data');
    // The box follows the saved state: it clears once the server has the exclusion.
    await inherited.getByRole('checkbox', { name: 'Night' }).click();
    await page.getByText('“Night” is no longer offered in this dataset.').waitFor();
    await inherited.getByText('Not offered in this dataset').waitFor();

    // As the child shows it after a reload, and the root still offers every option.
    await page.reload();
    await eventually(async () => expect(await fieldRow(page, 'Duty rota').getByRole('checkbox', { name: /Night/ }).isChecked()).toBe(false), { timeout: 10_000 });
    expect(await fieldRow(page, 'Duty rota').getByRole('checkbox', { name: /Early/ }).isChecked()).toBe(true);
    await page.goto(`${server.url}/ui/datasets/${rootId}/edit/data`);
    await fieldRow(page, 'Duty rota').waitFor({ timeout: 15_000 });
    expect(await fieldRow(page, 'Duty rota').getByText('Not offered in this dataset').count()).toBe(0);
    await context.close();
  });
});
