import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { mailFolder } from '@beacon/command-api';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage, waitForLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

const NEW_PASSWORD = 'Brand-new-password-7';
let server: AppProcess;
let browser: Browser;
let dataDir: string;

/** The link in the reset email, as the recipient gets it: from the mail folder (the outbox hides it). */
async function resetLinkFor(email: string): Promise<string> {
  const folder = mailFolder(dataDir);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = await readdir(folder).catch(() => []);
    for (const file of files) {
      const message = await readFile(join(folder, file), 'utf8');
      const path = message.startsWith(`To: ${email}\n`) ? message.match(/\/ui\/reset\/[^\s]+/)?.[0] : undefined;
      if (path) return path;
    }
    if (Date.now() > deadline) throw new Error(`no reset email for ${email} in the mail folder`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

(chromiumMissingReason !== null ? describe.skip : describe)('password reset through the emailed link', () => {
  consoleJourney({}, (started, launched, folder) => {
    server = started;
    browser = launched;
    dataDir = folder;
  });

  it('requests a reset, follows the emailed link once, and signs in with the new password', async () => {
    const { context, page } = await newConsolePage(browser);
    await page.goto(`${server.url}/ui/login`);
    await waitForLoginPage(page);
    await expectAccessible(page, 'the login page', 'body');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page, 'the password reset request page', 'body');
    await page.getByLabel('Email').fill('sender@demo.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset e-mail has been sent.').waitFor();
    await expectAccessible(page, 'the password reset request page, sent', 'body');

    const link = await resetLinkFor('sender@demo.test');

    // An admin sees the email in the console's Email outbox.
    const admin = await newConsolePage(browser);
    await signInThroughLoginPage(admin.page, server.url, 'admin@demo.test');
    await admin.page.goto(`${server.url}/ui/email_outbox`);
    await admin.page.getByRole('heading', { name: 'Email outbox', level: 1 }).waitFor();
    await admin.page.getByRole('article').filter({ hasText: 'sender@demo.test' }).first().waitFor();
    await expectAccessible(admin.page, 'the Email outbox with the reset email');
    await admin.context.close();

    await page.goto(`${server.url}${link}`);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await expectAccessible(page, 'the set password page', 'body');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await waitForLoginPage(page);
    await expectAccessible(page, 'the login page after the new password was set', 'body');

    await signInThroughLoginPage(page, server.url, 'sender@demo.test', NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectAccessible(page, 'the sender’s Dashboard, with the header and menu', 'body');
    await expect(apiLogin(server.url, 'sender@demo.test')).rejects.toThrow('login failed: 400');

    const reuse = await context.newPage();
    await reuse.goto(`${server.url}${link}`);
    await reuse.getByLabel('New password', { exact: true }).fill('Another-password-8');
    await reuse.getByLabel('Confirm new password').fill('Another-password-8');
    await reuse.getByRole('button', { name: 'Set password' }).click();
    await reuse.getByRole('link', { name: 'Request a new reset link' }).waitFor();
    await expectAccessible(reuse, 'the set password page for a used link', 'body');
    await expect(apiLogin(server.url, 'sender@demo.test', 'Another-password-8')).rejects.toThrow('login failed: 400');
    await context.close();
  });
});
