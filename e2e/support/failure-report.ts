import { afterEach, expect } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { currentTestFailed } from '@beacon/testing';

/** What a page said on its console and what failed on it: kept for a failed journey's report. */
const troubles = new WeakMap<Page, string[]>();
const KEPT = 30;

/** Starts keeping the page's console errors and warnings, uncaught errors and failed requests and answers. */
export function watchForTrouble(page: Page): void {
  const kept: string[] = [];
  troubles.set(page, kept);
  const keep = (line: string) => {
    kept.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (kept.length > KEPT) kept.shift();
  };
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url;
    keep(`console ${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => keep(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText ?? '?'}`));
  page.on('response', (response) => {
    if (response.status() >= 400) keep(`${response.request().method()} ${new URL(response.url()).pathname} answered ${response.status()}`);
  });
}

/**
 * After a failed step of a browser journey: every open page of the browser, its address, what it
 * showed as assistive technology reads it, and its recent trouble. CI keeps only the test output,
 * so the report is printed rather than saved as a screenshot.
 */
async function reportOpenPages(browser: Browser, testName: string): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages().filter((page) => !page.isClosed()));
  const parts: string[] = [`--- ${testName} failed; ${pages.length} open page(s)`];
  for (const [index, page] of pages.entries()) {
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch((error: unknown) => `(no snapshot: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    const trouble = troubles.get(page) ?? [];
    parts.push(
      `--- page ${index + 1} at ${page.url()}:`,
      snapshot,
      trouble.length ? `recent trouble on it:\n${trouble.join('\n')}` : 'no console errors or failed requests on it',
    );
  }
  console.log(parts.join('\n'));
}

/** Registers, in the calling describe block, the report of every open page after each failed test. */
export function reportOpenPagesOnFailure(browserOf: () => Browser | undefined): void {
  afterEach(async () => {
    const browser = browserOf();
    if (browser && currentTestFailed()) await reportOpenPages(browser, expect.getState().currentTestName ?? 'a test');
  });
}
