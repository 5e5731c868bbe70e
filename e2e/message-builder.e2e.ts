import { describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { AppProcess } from './support/app-process';
import { chromiumMissingReason } from './support/browser';
import { expectAccessible } from './support/axe';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

const NAME = 'Evacuation of the north wing';
const steps = (page: Page) => page.getByRole('navigation', { name: 'Message steps' });
const step = (page: Page, name: string) => page.getByRole('form', { name });

/** Next, then the step's form, checked by axe. */
async function next(page: Page, name: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, name).waitFor();
  await expectAccessible(page, `message builder: ${name}`);
}

(chromiumMissingReason !== null ? describe.skip : describe)('Create a message in a real browser', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('goes through the eight steps, saves, and finds the message among the templates with what was written', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.goto(`${server.url}/ui/message/scenario/add`);
    await page.waitForURL('**/ui/message/scenario/add/settings');
    await page.getByRole('heading', { level: 1, name: 'Create Message' }).waitFor({ timeout: 15_000 });
    await step(page, 'Settings').waitFor();
    await expectAccessible(page, 'message builder: Settings');

    // A save the server refuses flags the tabs whose error keys it names.
    await page.getByRole('button', { name: 'Save' }).click();
    await steps(page).getByRole('link', { name: 'Settings (has errors)' }).waitFor();
    await step(page, 'Settings').getByText('This field may not be blank.').waitFor();
    await expectAccessible(page, 'message builder: Settings with errors');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await step(page, 'Settings').getByRole('textbox', { name: 'Message name' }).fill(NAME);
    await steps(page).getByRole('link', { name: 'Settings', exact: true }).waitFor();

    await next(page, 'Recipients');
    await page.getByRole('button', { name: 'Add a criterion to include' }).click();
    expect(await step(page, 'Recipients').getByRole('combobox', { name: 'Recipient type' }).inputValue()).toBe('everyone');
    await page.getByRole('status', { name: 'Recipient count' }).getByText(/would receive the message/).waitFor();

    await next(page, 'Devices');
    const devices = step(page, 'Devices');
    await devices.getByRole('checkbox', { name: 'Select all devices' }).uncheck();
    expect(await devices.getByRole('textbox', { name: 'Email subject' }).count()).toBe(0);
    await devices.getByRole('checkbox', { name: 'Mobile (SMS)' }).check();
    await devices.getByRole('checkbox', { name: 'Work email (Email)' }).check();
    await devices.getByRole('textbox', { name: 'Email subject' }).fill('Evacuate the north wing');
    await expectAccessible(page, 'message builder: Devices with an email subject');

    await next(page, 'Sequence');
    await next(page, 'Content');
    const content = step(page, 'Content');
    expect(await content.getByRole('textbox', { name: 'Main voice call content' }).count()).toBe(0);
    const sms = content.getByRole('textbox', { name: 'SMS content' });
    const text = 'Please leave the north wing now by the nearest exit and gather at the car park. Do not use the lifts. Wardens check each floor.';
    expect(text.length).toBeLessThan(160);
    await sms.fill(text.padEnd(159, '.'));
    await sms.press('End');
    await sms.pressSequentially('.');
    await content.getByText('160 characters, 1 SMS part (GSM-7)').waitFor();
    await sms.pressSequentially('!');
    await content.getByText('161 characters, 2 SMS parts (GSM-7)').waitFor();
    await content.getByRole('textbox', { name: 'Email content' }).fill('Please leave the north wing now by the nearest exit and gather at the car park.');
    await content.getByRole('heading', { name: 'SMS preview' }).waitFor();
    await expectAccessible(page, 'message builder: Content with its previews');

    await next(page, 'Noticeboard');
    await next(page, 'Trigger');
    await next(page, 'Finish');
    await step(page, 'Finish').getByText(NAME).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Message saved.').waitFor();
    await page.waitForURL(/\/ui\/message_sending\/scenario\/edit\/[^/]+\/finish$/);
    await page.getByRole('heading', { level: 1, name: 'Edit Message' }).waitFor();
    expect(await steps(page).getByRole('link', { name: /has errors/ }).count()).toBe(0);
    const editUrl = page.url();

    // Message Templates lists it; its link opens it in the builder as it was saved.
    await page.goto(`${server.url}/ui/message_managing`);
    await page.getByRole('link', { name: NAME, exact: true }).first().waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Message Templates');
    await page.getByRole('link', { name: NAME, exact: true }).first().click();
    await page.waitForURL(/\/ui\/message_sending\/scenario\/edit\/[^/]+\/settings$/);
    expect(page.url().replace(/\/settings$/, '')).toBe(editUrl.replace(/\/finish$/, ''));
    expect(await step(page, 'Settings').getByRole('textbox', { name: 'Message name' }).inputValue()).toBe(NAME);
    await steps(page).getByRole('link', { name: 'Content' }).click();
    expect(await step(page, 'Content').getByRole('textbox', { name: 'SMS content' }).inputValue()).toBe(`${text.padEnd(159, '.')}.!`);
    expect(await step(page, 'Content').getByRole('textbox', { name: 'Main voice call content' }).count()).toBe(0);

    // Unsaved changes: a link out of the builder asks first.
    await step(page, 'Content').getByRole('textbox', { name: 'Email content' }).fill('Changed, not saved.');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('alertdialog').getByText('Your changes are not saved. Leave this page without saving them?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/content');
    await context.close();
  });
});
