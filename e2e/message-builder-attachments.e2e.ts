import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { AppProcess } from './support/app-process';
import { chromiumMissingReason } from './support/browser';
import { expectAccessible } from './support/axe';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const NAME = 'Evacuation plan for the east wing';
const PLAN = { name: 'East wing plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% the east wing evacuation plan\n%%EOF\n') };
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Message steps' }).getByRole('link', { name, exact: true });
const step = (page: Page, name: string) => page.getByRole('form', { name });

(chromiumMissingReason !== null ? describe.skip : describe)('Attach a file to a message in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('uploads a PDF for the email, lists it with its size, and finds it again after saving and reloading', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.goto(`${server.url}/ui/message/scenario/add`);
    await step(page, 'Settings').getByRole('textbox', { name: 'Message name' }).fill(NAME);
    await tab(page, 'Recipients').click();
    await page.getByRole('button', { name: 'Add a criterion to include' }).click();
    await tab(page, 'Devices').click();
    const devices = step(page, 'Devices');
    await devices.getByRole('checkbox', { name: 'Select all devices' }).uncheck();
    await devices.getByRole('checkbox', { name: 'Work email (Email)' }).check();
    await devices.getByRole('textbox', { name: 'Email subject' }).fill('Evacuate the east wing');

    await tab(page, 'Content').click();
    const content = step(page, 'Content');
    await content.getByRole('textbox', { name: 'Email content' }).fill('The plan of the east wing is attached.');
    expect(await content.getByLabel('Attach a file to the SMS').count()).toBe(0);
    await content.getByLabel('Attach a file to the email').setInputFiles(PLAN);
    const listed = content.getByRole('list', { name: 'Email attachments' });
    await listed.getByText(PLAN.name).waitFor();
    const total = content.getByRole('status', { name: 'Email attachments in all' });
    expect(await total.textContent()).toBe(`1 file, ${PLAN.buffer.length} bytes of 25 MB`);
    await expectAccessible(page, 'message builder: Content with an email attachment');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Message saved.').waitFor();
    await page.waitForURL(/\/ui\/message_sending\/scenario\/edit\/[^/]+\/content$/);

    // What was kept, as the server recorded it.
    await page.reload();
    await step(page, 'Content').getByRole('list', { name: 'Email attachments' }).getByText(PLAN.name).waitFor({ timeout: 15_000 });
    expect(await step(page, 'Content').getByRole('status', { name: 'Email attachments in all' }).textContent()).toBe(`1 file, ${PLAN.buffer.length} bytes of 25 MB`);

    // Removed, and kept without it.
    await step(page, 'Content').getByRole('button', { name: `Remove ${PLAN.name}` }).click();
    expect(await step(page, 'Content').getByRole('status', { name: 'Email attachments in all' }).textContent()).toBe('No files attached.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Message saved.').waitFor();
    await page.reload();
    await step(page, 'Content').getByRole('status', { name: 'Email attachments in all' }).getByText('No files attached.').waitFor({ timeout: 15_000 });
    await context.close();
  });
});
