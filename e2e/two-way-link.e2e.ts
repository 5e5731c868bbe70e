import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ROOT_ID } from '@beacon/command-api';
import type { ContactFieldDto, SessionStartedDto, SimulatedMessagePageDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const ROOT = DEMO_ROOT_ID;
const LINK = /Respond here: (\S+\/ui\/r\/[A-Za-z0-9_-]{22})/u;

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  because(`${method} ${path}: ${response.status} ${text}`, () => expect(response.ok).toBe(true));
  return (text ? JSON.parse(text) : null) as T;
}

/** A contact with a mobile number, and a message with the two-way link sent to them; answers the link in its text. */
async function sendWithLink(token: string, tag: string, fields: Record<string, unknown>): Promise<string> {
  const mobile = await call<ContactFieldDto>(token, 'POST', '/api/field/', { label: `Mobile ${tag}`, field_type: 'PHONE(SMS&VOICE)', customer_group: ROOT });
  await call(token, 'POST', '/api/user/', {
    email: `${tag}@two-way.test`,
    first_name: 'Fay',
    last_name: tag,
    customer_group: ROOT,
    customer_permission: 'CONTACT',
    preferred_timezone: 'Europe/London',
    custom_fields: [{ field: mobile.id, values: ['+447911126101'] }],
  });
  const session = await call<SessionStartedDto>(token, 'POST', '/api/scenario/send_without_saving/', {
    scenario_name: `Two-way ${tag}`,
    is_real: true,
    recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true },
    devices: [{ dispatch_type: 'SMS', id: `${mobile.id}:SMS`, field_id: mobile.id, label: 'SMS', field_label: mobile.label, heading: '', position: 1 }],
    message: { sms: 'Gas leak on Mill Road. Are you safe?', voice: '', email: '' },
    sms_two_way_link: true,
    ...fields,
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const outbox = await call<SimulatedMessagePageDto>(token, 'GET', `/api/simulator/outbox/?session=${session.session_id}`);
    const link = outbox.results.map((result) => LINK.exec(result.text)?.[1]).find((found) => found !== undefined);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no text with a link in the outbox of ${session.session_id}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The page's text contrast where a recipient reads and answers. */
async function expectReadable(page: Page, selectors: readonly string[]): Promise<void> {
  for (const selector of selectors) {
    const ratio = await contrastOf(page, selector);
    because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
  }
}

(chromiumMissingReason !== null ? describe.skip : describe)('The two-way SMS link in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('opens the message from its text’s link without signing in, answers it by keyboard once, and says so when opened again', async () => {
    const token = await apiLogin(server.url, 'admin@demo.test');
    await call(token, 'PUT', `/api/customer_group_settings/${ROOT}/`, { two_way_sms: true });
    const link = await sendWithLink(token, 'poll', {
      polling_options: [
        { option_digit: '1', option_text: 'I am safe' },
        { option_digit: '2', option_text: 'I need help' },
      ],
    });
    // The text's address is the server's public one; the journey opens the same page on the server it runs.
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/ui\/r\/[A-Za-z0-9_-]{22}$/u);

    const { context, page } = await newConsolePage(browser);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1, name: 'Respond to this message' }).waitFor({ timeout: 15_000 });
    await page.getByText('Gas leak on Mill Road. Are you safe?').waitFor();
    const choices = page.getByRole('group', { name: 'Choose your answer' });
    expect(await choices.getByRole('button').allTextContents()).toEqual(['I am safe', 'I need help']);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await expectAccessible(page, 'the response page');
    await expectReadable(page, ['main h1', 'main p', 'main button']);

    // Keyboard only: the first answer is reached by Tab, the second chosen with Enter.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('I am safe');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Thank you, your answer was recorded' }).waitFor({ timeout: 15_000 });
    await page.getByText('Your answer: I need help').waitFor();
    await expectAccessible(page, 'the response page answered');
    await expectReadable(page, ['main h1', 'main [role="status"] p']);

    await page.reload();
    await page.getByText('You have already answered this message.').waitFor({ timeout: 15_000 });
    await page.getByText('Your answer: I need help').waitFor();
    expect(await page.getByRole('button').count()).toBe(0);
    await expectAccessible(page, 'the response page opened again');

    await page.goto(`${server.url}/ui/r/${'A'.repeat(22)}`);
    await page.getByRole('alert').filter({ hasText: 'This link does not lead to a message.' }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the response page of a link no text has');
    await context.close();
  });

  it('takes the recipient’s own words when the message has no options', async () => {
    const token = await apiLogin(server.url, 'admin@demo.test');
    const link = await sendWithLink(token, 'words', { polling_options: [] });
    const { context, page } = await newConsolePage(browser);
    await page.goto(`${server.url}${new URL(link).pathname}`);
    const field = page.getByLabel('Your answer');
    await field.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the response page without options');
    await expectReadable(page, ['main label', 'main form span']);
    await field.focus();
    await page.keyboard.type('At the library');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Your answer: At the library').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the response page answered in words');
    await context.close();
  });
});
