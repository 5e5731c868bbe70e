import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { OrganisationPageDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import type { AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

/**
 * An organisation's daily quotas as its sender meets them in a real browser: the platform's operators set
 * one, Send Message shows today's use against it, the confirmation warns, and the send is refused with the
 * numbers, each screen checked with axe.
 */
const KEY = randomBytes(32).toString('hex');
const SMS_QUOTA = 5;

let server: AppProcess;
let browser: Browser;

async function platform(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Platform ${KEY}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

(chromiumMissingReason !== null ? describe.skip : describe)('daily quotas in a real browser', () => {
  consoleJourney({ PLATFORM_API_KEY: KEY }, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('shows a sender today’s use, warns before a send past the quota, and shows its refusal with the numbers', async () => {
    const list = (await platform('GET', '/api/platform/organisations/?search=Demo%20Organisation')) as OrganisationPageDto;
    const demo = list.results.find((each) => each.name === 'Demo Organisation')!;
    await platform('PUT', `/api/platform/organisations/${demo.id}/quotas/`, { quotas: { SMS: SMS_QUOTA } });

    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'sender@demo.test');
    await page.goto(`${server.url}/ui/message_sending`);
    const quotas = page.getByRole('region', { name: 'Daily quotas' });
    await quotas.waitFor({ timeout: 15_000 });
    expect(await quotas.getByRole('listitem').allTextContents()).toEqual([`SMS: 0 of ${SMS_QUOTA} used today (${SMS_QUOTA} left)`]);
    await expectAccessible(page, 'Send Message with a daily quota');
    for (const selector of ['main section[aria-labelledby] li', 'main section[aria-labelledby] p']) {
      const ratio = await contrastOf(page, selector);
      because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
    }

    await page.getByRole('table', { name: /you can send/ }).getByRole('button', { name: 'Send Fire drill (test)' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(new RegExp(`It needs \\d+ messages by SMS, and the organisation's daily SMS quota is ${SMS_QUOTA} messages: 0 used today, ${SMS_QUOTA} left\\. It would be refused\\.`));
    await expectAccessible(page, 'the confirmation of a send past the quota', '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Send now' }).click();

    const panel = page.getByRole('region', { name: '“Fire drill (test)” refused' });
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.getByRole('status').textContent()).toBe('Status: Refused (daily quota)');
    expect(await panel.textContent()).toMatch(new RegExp(`This send needs \\d+ messages by SMS, and the organisation's daily SMS quota is ${SMS_QUOTA} messages: 0 used today, ${SMS_QUOTA} left\\. Nothing was sent\\.`));
    await expectAccessible(page, 'Send Message with a send refused');
    // Nothing was counted: the quota is still whole.
    expect(await quotas.getByRole('listitem').allTextContents()).toEqual([`SMS: 0 of ${SMS_QUOTA} used today (${SMS_QUOTA} left)`]);
    await context.close();
  });
});
