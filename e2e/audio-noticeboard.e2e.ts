import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROUPS } from '@beacon/command-api';
import { because, eventually } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';

/** axe-core's browser bundle when the package can be resolved (it is not a dependency of the project yet). */
function axeSource(): string | null {
  try {
    return readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  } catch {
    return null;
  }
}

const AXE = axeSource();

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);
if (AXE === null) console.log('skipped: axe-core checks of each screen (the axe-core package is not installed)');

let server: AppProcess;
let browser: Browser;

const rootId = DEMO_GROUPS[0].customerGroupId;
const NUMBER = '+442079460000';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html?: string; failureSummary?: string }[];
}

/**
 * The screen as axe-core judges it (WCAG 2.1 A and AA rules): the serious and critical violations
 * of the screen's own part (its titled section; the menu, header and breadcrumbs around it are the
 * layout's), one line each.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (AXE === null) return [];
  // Evaluated over the DevTools protocol, so the console's content security policy does not stop it.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(
      { include: [['main section[aria-labelledby]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
    );
    return results.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.html} ${node.failureSummary}`).join(', ')}`);
}

async function expectAccessible(page: Page, screenName: string): Promise<void> {
  const violations = await seriousViolations(page);
  because(`axe on ${screenName}: ${violations.join('\n')}`, () => expect(violations).toEqual([]));
}

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
