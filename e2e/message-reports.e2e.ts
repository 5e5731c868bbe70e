import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import type { ScenarioListEntryDto, SessionRecipientPageDto, SessionReportDetailsDto, SessionStartedDto } from '@beacon/contracts';
import { because, pdfText } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

/** The simulator answers after a while and fails or gets a reply from a share, so the report has something to fill in. */
const SIMULATOR = { SIMULATOR_LATENCY_MS: '2500', SIMULATOR_FAILURE_RATE: '0.3', SIMULATOR_REPLY_RATE: '0.4' };

async function api<T>(token: string, method: string, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
  because(`${method} ${path}`, () => expect(response.status).toBeLessThan(300));
  return (await response.json()) as T;
}

/** The statistics the page shows, by label. */
const shownStatistics = (page: Page): Promise<Record<string, string>> =>
  page.locator('main dl').first().evaluate((list) => Object.fromEntries(Array.from(list.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent ?? ''])));

/** Records the statistics each time they change, from now on. */
async function recordStatistics(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = window as unknown as { __statistics: string[] };
    record.__statistics = [];
    const note = () => {
      const list = document.querySelector('main dl');
      const text = list?.textContent ?? '';
      if (text && record.__statistics.at(-1) !== text) record.__statistics.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

(chromiumMissingReason !== null ? describe.skip : describe)('Message reports in a real browser', () => {
  consoleJourney(SIMULATOR, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('fills the report of a send in live, filters it, exports it and resends to those with no response', async () => {
    const token = await apiLogin(server.url, 'admin@demo.test');
    const [evacuation] = (await api<ScenarioListEntryDto[]>(token, 'GET', '/api/scenario/?page_size=all&search=Site%20evacuation')).filter((entry) => entry.name === 'Site evacuation');
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    const sent = await api<SessionStartedDto>(token, 'POST', `/api/scenario/${evacuation!.id}/send_without_saving/`);
    // Message Reports lists it, and its Dispatch details open from there.
    await page.goto(`${server.url}/ui/message/sessions`);
    await page.getByRole('heading', { level: 1, name: 'Message Reports' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: /Dispatch details of/ }).first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Message Reports');
    await page.getByRole('link', { name: /Dispatch details of/ }).first().click();
    await page.waitForURL(`**/ui/message/sessions/${sent.session_id}/dispatch_details`);
    await page.getByRole('heading', { level: 1, name: 'Dispatch details' }).waitFor();
    await page.locator('main dl').first().waitFor({ timeout: 15_000 });
    await recordStatistics(page);

    // It fills in by itself until nobody is pending (the simulator answers after 2.5 s).
    await page.waitForFunction(
      () => {
        const terms = Array.from(document.querySelectorAll('main dl dt'));
        const pending = terms.find((term) => term.textContent === 'Pending')?.nextElementSibling?.textContent;
        return pending === '0';
      },
      undefined,
      { timeout: 60_000 },
    ).catch(async (error: unknown) => {
      const seenSoFar = await page.evaluate(() => (window as unknown as { __statistics: string[] }).__statistics);
      throw new Error(`${String(error)}\nthe statistics went through ${JSON.stringify(seenSoFar)}`);
    });
    const seen = await page.evaluate(() => (window as unknown as { __statistics: string[] }).__statistics);
    because(`the statistics went through ${JSON.stringify(seen)}`, () => expect(seen.length).toBeGreaterThan(1));
    const details = await api<SessionReportDetailsDto>(token, 'GET', `/api/session/${sent.session_id}/report-details/`);
    const shown = await shownStatistics(page);
    expect(shown['Total recipients']).toBe(String(details.statistics.total_recipients));
    expect(shown['Delivery failures']).toBe(String(details.statistics.delivery_failures));
    await page.getByRole('figure', { name: 'People by state' }).waitFor();
    await expectAccessible(page, 'Dispatch details');

    // Filter by state: the table lists exactly those the server counts.
    const filters = page.getByRole('search', { name: 'Filter people' });
    await filters.getByRole('combobox', { name: 'State' }).selectOption('Delivery Failure');
    await filters.getByRole('button', { name: 'Apply' }).click();
    const filtered = page.getByRole('table', { name: /^People the filters match/ });
    await filtered.waitFor({ timeout: 15_000 });
    const failures = await api<SessionRecipientPageDto>(token, 'GET', `/api/session/${sent.session_id}/recipients/?state=Delivery+Failure&page_size=100`);
    await page.waitForFunction((count) => document.querySelectorAll('main table tbody tr').length >= Math.min(count, 10), failures.count);
    const rows = await filtered.getByRole('rowheader').allTextContents();
    expect(rows.length).toBe(Math.min(failures.count, 10));
    for (const name of rows) expect(failures.results.map((line) => line.name)).toContain(name);
    await expectAccessible(page, 'Dispatch details, filtered');

    // The people the filters match as a workbook, and the summary as a PDF.
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export People (XLSX)' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await workbook.path())!)) as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.actualRowCount).toBe(failures.count + 1);
    const [summary] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Summary (PDF)' }).click()]);
    expect(summary.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await pdfText(await readFile((await summary.path())!))).text).toContain('Site evacuation');

    // Resend to those with no response: confirmed, it answers the session's task id.
    await page.getByRole('button', { name: 'Resend to no response' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expectAccessible(page, 'the resend confirmation', '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await page.getByText(sent.task_id).first().waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('shows a sender the overview of a send: statistics and charts, and no address', async () => {
    const token = await apiLogin(server.url, 'sender@demo.test');
    const [drill] = (await api<ScenarioListEntryDto[]>(token, 'GET', '/api/scenario/?page_size=all&search=Fire%20drill')).filter((entry) => entry.name === 'Fire drill (test)');
    const sent = await api<SessionStartedDto>(token, 'POST', `/api/scenario/${drill!.id}/send_without_saving/`);
    const { context, page } = await newConsolePage(browser);
    await signInThroughLoginPage(page, server.url, 'sender@demo.test');
    await page.goto(`${server.url}/ui/message/sessions/${sent.session_id}/dispatches_overview`);
    await page.getByRole('figure', { name: 'People by state' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'Dispatches overview for a sender');
    const text = await page.locator('main').textContent();
    expect(text).not.toMatch(/@demo\.test|\+44\d{6,}/);
    await context.close();
  });
});
