import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
import { because, eventually } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { chromiumMissingReason } from './support/browser';
import { expectAccessible } from './support/axe';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const westId = DEMO_GROUPS[3].customerGroupId;

/** The tree as a reader meets it: each group indented by its aria-level. */
const outline = (page: Page) =>
  page
    .getByRole('tree', { name: 'Customer groups' })
    .getByRole('treeitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const name = document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
        return `${'-'.repeat(Number(item.getAttribute('aria-level')) - 1)}${name}`;
      }),
    );

/** Selects a group the way a keyboard user does: focus in the tree. */
const select = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true }).focus();

(chromiumMissingReason !== null ? describe.skip : describe)('Manage Datasets in a real browser', () => {
  // Without the demo's people, so its regions hold no users and the journey can delete one.
  consoleJourney({ SEED_DEMO_PEOPLE: 'false' }, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('creates, moves, refuses and deletes customer groups, and shows another admin’s rename at once', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/ui/datasets`);
    const tree = page.getByRole('tree', { name: 'Customer groups' });
    await tree.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Manage Datasets');
    expect(await outline(page)).toEqual(['Demo Organisation', '-North Region', '-South Region', '-West Region']);

    await select(page, 'North Region');
    await page.getByRole('button', { name: 'Add child group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New child group of “North Region”' });
    await dialog.getByLabel('Name').fill('Bergen');
    await expectAccessible(page, 'the new child group dialog', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Customer group “Bergen” created.').waitFor();
    await tree.getByRole('treeitem', { name: 'Bergen' }).waitFor();
    expect(await outline(page)).toEqual(['Demo Organisation', '-North Region', '--Bergen', '-South Region', '-West Region']);

    await select(page, 'Bergen');
    await page.getByRole('button', { name: 'Move to…' }).click();
    const menu = page.getByRole('menu', { name: 'Move “Bergen” under' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Demo Organisation', 'South Region', 'West Region']);
    await menu.getByRole('menuitem', { name: 'South Region' }).click();
    await page.getByText('“Bergen” will move under “South Region”.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Confirm move' }).click();
    await page.getByText('Customer group “Bergen” moved under “South Region”.').waitFor();
    await eventually(async () => expect(await outline(page)).toEqual(['Demo Organisation', '-North Region', '-South Region', '--Bergen', '-West Region']), { timeout: 5_000 });

    await select(page, 'South Region');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert');
    await refusal.getByText('This customer group still has 1 child group. Move or delete them before deleting the group.').waitFor();
    await refusal.getByRole('button', { name: 'Dismiss' }).click();

    const otherAdmin = await apiLogin(server.url, 'admin@demo.test');
    const rename = await fetch(`${server.url}/api/customer_group/${westId}/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${otherAdmin}` },
      body: JSON.stringify({ id: westId, name: 'Western Region' }),
    });
    expect(rename.status).toBe(200);
    await tree.getByRole('treeitem', { name: 'Western Region' }).waitFor({ timeout: 10_000 });

    await select(page, 'Western Region');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Customer group “Western Region” deleted.').waitFor();
    await eventually(async () => expect(await outline(page)).toEqual(['Demo Organisation', '-North Region', '-South Region', '--Bergen']), { timeout: 5_000 });

    // Text on the screen against what is behind it: names selected and not, headings, the notes.
    for (const selector of ['[role="treeitem"][aria-selected="true"] a', '[role="treeitem"][aria-selected="false"] a', 'main h2', 'main p']) {
      const ratio = await contrastOf(page, selector);
      because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
    }
    await context.close();
  });
});
