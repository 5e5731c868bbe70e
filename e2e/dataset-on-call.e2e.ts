import { describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
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

const rootId = DEMO_GROUPS[0].customerGroupId;

/** Tomorrow's date as DD/MM/YYYY in the zone. */
function tomorrowIn(timeZone: string): string {
  const today = wallClockAt(Date.now(), timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return `${String(tomorrow.getUTCDate()).padStart(2, '0')}/${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}/${tomorrow.getUTCFullYear()}`;
}

(chromiumMissingReason !== null ? describe.skip : describe)('A dataset’s On call tab in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('saves the fields shown and a minimum staffing, which a reload shows, and assigns a user the free parts of a period', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/ui/datasets/${rootId}/edit/on-call`);
    const settings = page.getByRole('form', { name: 'On-call settings' });
    await settings.waitFor({ timeout: 15_000 });

    const shown = settings.getByRole('group', { name: 'Fields shown on the on-call screens' });
    // The demo tenant's data fields, without its phones and email (device types are no on-call data fields).
    const labels = await shown.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent));
    expect(labels).toEqual(['Department', 'Site', 'Skills', 'Shift']);
    await shown.getByRole('checkbox', { name: 'Site' }).check();
    const shift = settings.getByRole('group', { name: 'Minimum staffing' }).getByRole('group', { name: 'Shift' });
    await shift.getByLabel('Night', { exact: true }).fill('1');
    await expectAccessible(page, 'the dataset’s On call settings');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByText('On-call settings saved.').waitFor();

    await page.reload();
    await page.getByRole('form', { name: 'On-call settings' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('form', { name: 'On-call settings' }).getByRole('group', { name: 'Fields shown on the on-call screens' }).getByRole('checkbox', { name: 'Site' }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Shift' }).getByLabel('Night', { exact: true }).inputValue()).toBe('1');

    const zoneText = await page.getByText(/^Times are DD\/MM\/YYYY HH:mm:ss in .+, the dataset’s time zone\.$/).textContent();
    const day = tomorrowIn(/in (.+), the dataset’s/.exec(zoneText ?? '')![1]!);
    const roster = page.getByRole('table', { name: /^Users who can be on call/ });
    await roster.waitFor({ timeout: 15_000 });
    const first = roster.getByRole('row').nth(1);
    const name = (await first.getByRole('rowheader').textContent())!;
    await first.getByRole('checkbox').check();
    const assign = page.getByRole('form', { name: 'Assign users' });
    await assign.getByRole('radio', { name: 'The parts of the period each user is free' }).check();
    await assign.getByLabel('Start', { exact: true }).fill(`${day} 08:00:00`);
    await assign.getByLabel('End', { exact: true }).fill(`${day} 18:00:00`);
    await assign.getByRole('button', { name: 'Assign users' }).click();
    const results = page.getByRole('region', { name: 'Assignment results' });
    await results.waitFor({ timeout: 15_000 });
    // The demo users start with no periods, so the user is free for the whole of it.
    expect(await results.getByRole('listitem').allTextContents()).toEqual([`${name}: on call ${day} 08:00:00 to ${day} 18:00:00.`]);
    await expectAccessible(page, 'the dataset’s On call roster and assignment');
    for (const selector of ['main h3', 'main caption', 'main label', 'main [id$="-hint"]', 'main small']) {
      const ratio = await contrastOf(page, selector);
      because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
    }
    await context.close();
  });
});
