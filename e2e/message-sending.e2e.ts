import { describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RunResultDto, ScenarioListEntryDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, newConsolePage, signInThroughLoginPage } from './support/console';
import { contrastOf } from './support/contrast';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

/** The simulator answers after a while, and fails or gets a reply from some, so the progress has something to show. */
const SIMULATOR = { SIMULATOR_LATENCY_MS: '1500', SIMULATOR_FAILURE_RATE: '0.1', SIMULATOR_REPLY_RATE: '0.2' };
const STATES = ['Queued', 'Sending', 'Sent', 'Being checked', 'Delivered', 'Replied', 'Failed'] as const;

const messagesTable = (page: Page) => page.getByRole('table', { name: /you can send/ });

/** What the progress panel shows each time it changes, recorded in the page from the moment it is installed. */
interface Seen {
  status: string;
  now: string | null;
  max: string | null;
}

async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = window as unknown as { __progressSeen: Seen[] };
    record.__progressSeen = [];
    const note = () => {
      const bar = document.querySelector('main [role="progressbar"]');
      const status = document.querySelector('main section [role="status"]');
      if (!bar || !status) return;
      const seen = { status: status.textContent ?? '', now: bar.getAttribute('aria-valuenow'), max: bar.getAttribute('aria-valuemax') };
      const last = record.__progressSeen.at(-1);
      if (!last || last.status !== seen.status || last.now !== seen.now || last.max !== seen.max) record.__progressSeen.push(seen);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

const progressSeen = (page: Page): Promise<Seen[]> => page.evaluate(() => (window as unknown as { __progressSeen: Seen[] }).__progressSeen);

/** The counts the panel shows, by their labels. */
async function panelCounts(panel: Locator): Promise<Record<string, string>> {
  return panel.locator('dl').evaluate((list) =>
    Object.fromEntries(Array.from(list.querySelectorAll(':scope > div'), (pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent])),
  );
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Token ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The message as the list gives it, with its latest sessions. */
async function listed(token: string, name: string): Promise<ScenarioListEntryDto> {
  const entries = await api<ScenarioListEntryDto[]>(token, `/api/scenario/?page_size=all&include_sessions=true&search=${encodeURIComponent(name)}`);
  return entries.find((entry) => entry.name === name)!;
}

/**
 * Presses Send on the message's row, checks the confirmation names it and whether it is real, and
 * confirms (with a double click: it must still send once). Answers the progress panel.
 */
async function send(page: Page, name: string, kind: 'real' | 'test'): Promise<Locator> {
  await messagesTable(page).getByRole('button', { name: `Send ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toMatch(new RegExp(`Send the ${kind} message “${name.replace(/[()]/g, '\\$&')}” now\\? It will reach \\d+ (person|people)\\.`));
  await expectAccessible(page, `the confirmation of ${name}`, '[role="alertdialog"]');
  await recordProgress(page);
  await dialog.getByRole('button', { name: 'Send now' }).dblclick();
  const panel = page.getByRole('region', { name: `Sending “${name}”` });
  await panel.waitFor({ timeout: 15_000 });
  return page.getByRole('region', { name: new RegExp(`“${name.replace(/[()]/g, '\\$&')}”`) }).filter({ has: page.getByRole('progressbar') });
}

/** Waits for the panel to say complete, then checks what it went through and that its counts add up to what the server says. */
async function expectCompleteLive(page: Page, panel: Locator, name: string, token: string, messageId: string): Promise<void> {
  await panel.getByRole('heading', { level: 2, name: `“${name}” sent` }).waitFor({ timeout: 90_000 });
  const seen = await progressSeen(page);
  because(`the panel went through ${JSON.stringify(seen)}`, () => {
    // It showed the session before it was complete, and moved on by itself (the same page: no reload).
    expect(seen.some((state) => state.status === 'Status: Sending')).toBe(true);
    expect(seen.at(-1)?.status).toMatch(/^Status: Complete, \d+ of \d+ messages? delivered\.$/);
    const values = seen.flatMap((state) => (state.now === null ? [] : [Number(state.now)]));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  const counts = await panelCounts(panel);
  const total = Number(counts['Messages']);
  expect(total).toBeGreaterThan(0);
  expect(STATES.reduce((sum, state) => sum + Number(counts[state]), 0)).toBe(total);
  expect(['Queued', 'Sending', 'Sent', 'Being checked'].map((state) => counts[state])).toEqual(['0', '0', '0', '0']);
  const bar = panel.getByRole('progressbar', { name: 'Messages finished' });
  expect([await bar.getAttribute('aria-valuenow'), await bar.getAttribute('aria-valuemax')]).toEqual([String(total), String(total)]);

  // One session for the double click, and the server counts as the panel does.
  const entry = await listed(token, name);
  because(JSON.stringify(entry.sessions), () => expect(entry.sessions).toHaveLength(1));
  expect(entry.id).toBe(messageId);
  // Replies still come in after the session is complete (the simulator answers a moment after it
  // delivers), and the panel shows them live: within a few seconds it shows what the server says.
  const inStates = (progress: RunResultDto['progress']) => [progress.queued, progress.sending, progress.sent, progress.unknown, progress.delivered, progress.replied, progress.failed];
  let result = await api<RunResultDto>(token, `/api/scenario/run_result/${entry.sessions![0]!.id}/`);
  let shown = await panelCounts(panel);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    if (JSON.stringify(STATES.map((state) => Number(shown[state]))) === JSON.stringify(inStates(result.progress))) break;
    await page.waitForTimeout(250);
    result = await api<RunResultDto>(token, `/api/scenario/run_result/${entry.sessions![0]!.id}/`);
    shown = await panelCounts(panel);
  }
  expect(result).toMatchObject({ status: 'complete', deliveries: total });
  expect(shown['People']).toBe(`${result.recipients} ${result.recipients === 1 ? 'person' : 'people'}`);
  expect(STATES.map((state) => Number(shown[state]))).toEqual(inStates(result.progress));
  expect(await panel.getByRole('status').textContent()).toBe(`Status: Complete, ${result.progress.delivered + result.progress.replied} of ${total} messages delivered.`);
}

(chromiumMissingReason !== null ? describe.skip : describe)('Send Message in a real browser', () => {
  consoleJourney(SIMULATOR, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('sends the demo Site evacuation once, and shows its progress live until it is complete', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    const token = await apiLogin(server.url, 'admin@demo.test');
    const evacuation = await listed(token, 'Site evacuation');
    expect(evacuation.sessions).toEqual([]);

    await page.goto(`${server.url}/ui/message_sending`);
    await messagesTable(page).waitFor({ timeout: 15_000 });
    const row = messagesTable(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Site evacuation', exact: true }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Real', 'SMS, Voice Call, Email', 'Not sent yet']));
    await expectAccessible(page, 'Send Message');
    for (const selector of ['main h1', 'main th', 'main td', 'main caption', 'main legend', 'main label span', 'main td button']) {
      const ratio = await contrastOf(page, selector);
      because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
    }

    // The keyboard reaches Send and the confirmation.
    await row.getByRole('button', { name: 'Send Site evacuation' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    const panel = await send(page, 'Site evacuation', 'real');
    await expectAccessible(page, 'Send Message while sending');
    await expectCompleteLive(page, panel, 'Site evacuation', token, evacuation.id);
    await expectAccessible(page, 'Send Message with the send complete');
    const ratio = await contrastOf(page, 'main section[aria-labelledby] dd');
    because(`contrast of the counts: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));

    // The list shows the send as the latest, with what was delivered.
    await row.getByRole('cell').filter({ hasText: /Complete \d+ of \d+ messages delivered/ }).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('lets a sender send a test message and follow it', async () => {
    const { context, page } = await newConsolePage(browser, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, server.url, 'sender@demo.test');
    const token = await apiLogin(server.url, 'sender@demo.test');
    const drill = await listed(token, 'Fire drill (test)');

    await page.goto(`${server.url}/ui/message_sending`);
    await messagesTable(page).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Send Message for a sender');

    const panel = await send(page, 'Fire drill (test)', 'test');
    expect(await panel.getByText('Test message', { exact: true }).count()).toBe(1);
    await expectCompleteLive(page, panel, 'Fire drill (test)', token, drill.id);
    await expectAccessible(page, 'Send Message for a sender, send complete');
    await context.close();
  });

  it("shows an admin the simulator's outbox and the dead letters, each reached from the Dashboard and accessible", async () => {
    const { context, page } = await newConsolePage(browser);
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');

    await page.getByRole('link', { name: 'Simulator outbox' }).click();
    const outbox = page.getByRole('table', { name: 'Messages sent through the simulator, newest first' });
    await outbox.waitFor({ timeout: 15_000 });
    // The journey's sends, newest first: the test message's come before the evacuation's.
    expect(await outbox.getByRole('row').filter({ hasText: /Fire drill \(test\)|Site evacuation/ }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'Simulator outbox');
    for (const selector of ['main h1', 'main th', 'main td', 'main caption', 'main label']) {
      const ratio = await contrastOf(page, selector);
      because(`contrast of ${selector}: ${ratio.toFixed(2)}`, () => expect(ratio).toBeGreaterThanOrEqual(4.5));
    }
    // The keyboard reaches the channel filter; a channel nothing was sent on says so.
    await page.getByLabel('Channel').focus();
    await page.getByLabel('Channel').selectOption('PUSH');
    await page.getByText('The simulator has sent nothing on this channel.').waitFor();
    await expectAccessible(page, 'Simulator outbox, nothing on the channel');

    await page.goto(`${server.url}/ui/`);
    await page.getByRole('link', { name: 'Dead letters' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dead letters' }).waitFor();
    // Every delivery of the journey had an answer: none was set aside.
    await page.getByRole('heading', { name: 'No dead letters' }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'Dead letters');
    await context.close();
  });
});
