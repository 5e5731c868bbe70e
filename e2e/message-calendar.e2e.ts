import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { ScenarioListEntryDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

/** How far ahead the journey schedules: long enough to see the session waiting, short enough to see it sent. */
const AHEAD_MS = 6_000;

const calendarTable = (page: Page) => page.getByRole('table', { name: /messages sent and scheduled/ });
const periodHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

/**
 * The period's heading once it satisfies `ok`: the URL changes first, and the screen follows it in a
 * render of its own a moment later, so reading the heading at once may read the period before.
 */
async function headingWhen(page: Page, ok: (text: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = (await periodHeading(page).textContent()) ?? '';
    if (ok(text)) return text;
    if (Date.now() > deadline) throw new Error(`the period's heading is "${text}", not ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Text of the screen against what is behind it. */
async function expectReadableText(page: Page, selectors: readonly string[]) {
  for (const selector of selectors) {
    const ratio = await contrastOf(page, selector);
    because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
  }
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Token ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The date (YYYY-MM-DD) and time (HH:MM:SS) the zone's clocks show at the instant, as the native inputs take them. */
function wallClock(instant: number, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}:${part('second')}` };
}

(chromiumMissingReason !== null ? describe.skip : describe)('Message Calendar in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('moves between periods kept in the URL, schedules “Site evacuation” a few seconds ahead once for a double click, and sees it wait, then complete, live', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    const token = await apiLogin(server.url, 'admin@demo.test');
    const { preferred_timezone: timeZone } = await api<{ preferred_timezone: string }>(token, '/api/user/self/');

    await page.goto(`${server.url}/ui/message/calendar`);
    await calendarTable(page).waitFor({ timeout: 15_000 });
    const thisMonth = await periodHeading(page).textContent();
    expect(await calendarTable(page).getByRole('columnheader').allTextContents()).toHaveLength(7);
    await page.getByText(/^No messages were sent or are scheduled in /).waitFor();
    expect(await page.locator('main td[aria-current="date"]').count()).toBe(1);
    await expectAccessible(page, 'Message Calendar, an empty month');
    await expectReadableText(page, ['main h1', 'main h2', 'main caption', 'main th', 'main td > span', 'main td[data-outside] > span', 'main legend', 'main label span', 'main a[href*="schedule_message"]']);

    // The week, the next week, then Back twice: each period is a page of its own in the history.
    await page.getByRole('radio', { name: 'Week' }).check();
    await page.waitForURL(/\/ui\/message\/calendar\?view=week$/);
    const thisWeek = await headingWhen(page, (text) => text !== thisMonth, 'a week');
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.waitForURL(/\/ui\/message\/calendar\?view=week&date=\d{4}-\d{2}-\d{2}$/);
    expect(await headingWhen(page, (text) => text !== thisWeek, 'the next week')).not.toBe(thisWeek);
    await expectAccessible(page, 'Message Calendar, next week');
    await page.goBack();
    await page.waitForURL(/\/ui\/message\/calendar\?view=week$/);
    expect(await headingWhen(page, (text) => text === thisWeek, `"${thisWeek}"`)).toBe(thisWeek);
    // Page Down and Page Up move a period on and back from the toolbar.
    await page.getByRole('button', { name: 'Today' }).focus();
    await page.keyboard.press('PageDown');
    await page.waitForURL(/view=week&date=/);
    await page.keyboard.press('PageUp');
    await page.getByRole('radio', { name: 'Day' }).check();
    await page.waitForURL(/view=day/);
    await expectAccessible(page, 'Message Calendar, a day');
    await page.getByRole('radio', { name: 'Month' }).check();
    await page.waitForURL(/\/ui\/message\/calendar(\?date=[\d-]+)?$/);
    expect(await headingWhen(page, (text) => text === thisMonth, `"${thisMonth}"`)).toBe(thisMonth);

    await page.getByRole('main').getByRole('link', { name: 'Schedule Message' }).first().click();
    await page.waitForURL(/\/ui\/message\/calendar\/schedule_message/);
    await page.getByRole('form', { name: 'Schedule Message' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Message Calendar' }).getAttribute('href')).toBe('/ui/message/calendar');
    await expectAccessible(page, 'Schedule Message');

    // Nothing chosen: each field says so.
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await expectAccessible(page, 'Schedule Message with its fields required');
    await expectReadableText(page, ['main label', 'main legend', 'main form span[id$="-error"]']);

    await page.getByRole('combobox', { name: 'Message' }).selectOption({ label: 'Site evacuation' });
    const at = wallClock(Date.now() + AHEAD_MS, timeZone);
    await page.getByLabel('Date', { exact: true }).fill(at.date);
    await page.getByLabel('Time', { exact: true }).fill(at.time);
    await page.getByRole('button', { name: 'Schedule' }).dblclick();

    await page.waitForURL(/\/ui\/message\/calendar(\?date=[\d-]+)?$/, { timeout: 10_000 });
    const scheduled = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Site evacuation' });
    await scheduled.filter({ hasText: 'Scheduled' }).waitFor({ timeout: 10_000 });
    expect(await scheduled.locator('time').textContent()).toBe(at.time.slice(0, 5));
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Site evacuation');
    await page.getByText(/^“Site evacuation” scheduled for \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/).waitFor();
    await expectAccessible(page, 'Message Calendar with the session scheduled');
    await expectReadableText(page, ['main td li time', 'main td li span:last-child']);

    // Sent when due, and complete, without a reload.
    await scheduled.filter({ hasText: /Complete, \d+\/\d+ delivered/ }).waitFor({ timeout: 30_000 });
    expect(await scheduled.count()).toBe(1);
    await expectAccessible(page, 'Message Calendar with the session complete');

    const listed = await api<ScenarioListEntryDto[]>(token, '/api/scenario/?page_size=all&include_sessions=true&include_scheduled=true');
    const evacuation = listed.find((message) => message.name === 'Site evacuation')!;
    because('a double click schedules once', () => expect([...(evacuation.scheduled ?? []), ...(evacuation.sessions ?? [])]).toHaveLength(1));
    await context.close();
  });

  it('shows a sender the calendar without Schedule Message', async () => {
    const { context, page } = await newConsolePage(browser);
    await signInThroughLoginPage(page, server.url, 'sender@demo.test');

    await page.goto(`${server.url}/ui/message/calendar`);
    await calendarTable(page).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('main').getByRole('link', { name: /Schedule/ }).count()).toBe(0);
    await expectAccessible(page, 'Message Calendar for a sender');
    await context.close();
  });
});
