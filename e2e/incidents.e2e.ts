import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { ROUTES, routePattern, type RouteDefinition } from '@beacon/contracts';
import { because, eventually, pdfText } from '@beacon/testing';
import type { AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, mainMenu, newConsolePage, signInThroughLoginPage, waitForLoginPage } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

/**
 * Issue 5's journey, all through the console against the real embedded app: an operator builds a
 * form with a required field and a conditional field group, starts an incident, is stopped by the
 * required-value message, fills it in and saves; a second operator, in another browser context,
 * sees the incident appear and change live; the reports page lists it and its PDF export is a real
 * PDF with the incident's title; when both save the same field at once, the later save is refused
 * with the server's conflict message and the current values. Each step depends on the ones before.
 */

/** The text of every page of a PDF, one line per text run. */
const pdfTextOf = async (bytes: Buffer): Promise<string> => (await pdfText(bytes)).text;
const REQUIRED_MESSAGE = 'Please enter a value. This field is required.';
const TITLE = `Flooded basement ${Date.now().toString(36)}`;
const EARLIER_TITLE = 'Blocked drain';
/** How long a live update may take to reach the other operator's screen (the issue says within a second). */
const LIVE_MS = 5_000;

let server: AppProcess;
let browser: Browser;
let first: Watched;
let second: Watched;
let incidentId = '';

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Answers of 400 or more, and errors the page threw or logged (the journey expects one 409 only). */
  problems: string[];
  /** The command-side routes the page called, by their name in the route table, in order. */
  writes: string[];
}

/** A fresh signed-out console page whose failed calls, page errors and writes are recorded. */
async function watchedConsolePage(): Promise<Watched> {
  const { context, page } = await newConsolePage(browser);
  page.setDefaultTimeout(10_000);
  const watched: Watched = { context, page, problems: [], writes: [] };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400) {
      watched.problems.push(`${response.request().method()} ${url.pathname} answered ${response.status()}`);
    }
  });
  page.on('request', (request) => {
    const route = routeOf(request.method(), new URL(request.url()).pathname);
    if (route?.app === 'command-api' && route.path.startsWith('/api/incidents/')) watched.writes.push(route.name);
  });
  page.on('pageerror', (error) => watched.problems.push(`page error: ${error.message}`));
  page.on('console', (entry) => {
    // A failed load is already recorded, with its method, from its answer.
    const text = entry.text();
    if (entry.type() === 'error' && !text.startsWith('Failed to load resource')) watched.problems.push(`console error: ${text}`);
  });
  return watched;
}

/** The route table's entry a request is for, with its name (ROUTES' key). */
function routeOf(method: string, path: string): (RouteDefinition & { name: string }) | undefined {
  const found = Object.entries(ROUTES).find(([, route]) => route.method === method && new RegExp(routePattern(route)).test(path));
  return found && { ...found[1], name: found[0] };
}

/** Marks the document, so a later check can tell the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __journeyMark: boolean }).__journeyMark = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __journeyMark?: boolean }).__journeyMark === true);

/** Opens a menu entry as a user does: its group first when it is closed, then the link. */
async function openFromMenu(page: Page, group: string, link: string): Promise<void> {
  const menu = mainMenu(page);
  const groupButton = menu.getByRole('button', { name: group, exact: true });
  if ((await groupButton.getAttribute('aria-expanded')) === 'false') await groupButton.click();
  await menu.getByRole('link', { name: link, exact: true }).click();
}

/** The snackbar (or any live status) shows this text. */
const message = (page: Page, text: string): Locator => page.getByText(text, { exact: true });

async function createField(page: Page, label: string, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add field', exact: true }).click();
  const editor = page.getByRole('form', { name: 'New field' });
  await editor.getByLabel('Label', { exact: true }).fill(label);
  await editor.getByLabel('Type', { exact: true }).selectOption({ label: type });
  await editor.getByRole('button', { name: 'Create field' }).click();
  await message(page, `The field “${label}” was created.`).waitFor();
  await editor.waitFor({ state: 'detached' });
}

async function addFieldToGroup(editor: Locator, label: string): Promise<void> {
  await editor.getByLabel('Field to add', { exact: true }).selectOption({ label });
  await editor.getByRole('button', { name: 'Add field to group' }).click();
}

/** The input of a field of the open incident, by its group and label. */
const fieldInput = (page: Page, group: string, label: string): Locator =>
  page.getByRole('group', { name: group, exact: true }).getByRole('textbox', { name: label, exact: true });

/** The answer to a save (PUT) of the journey's incident. */
const isTheSave = (response: Response) =>
  response.request().method() === 'PUT' && new URL(response.url()).pathname === `/api/incidents/incident/${incidentId}/`;

(chromiumMissingReason !== null ? describe.skip : describe)('incident management in a real browser, live for every operator', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('an operator builds a form with a required field and a conditional field group', async () => {
    first = await watchedConsolePage();
    const page = first.page;
    await page.goto(`${server.url}/ui/`);
    await waitForLoginPage(page);
    await expectAccessible(page, 'the login page', 'body');
    await signInThroughLoginPage(page, server.url, 'operator@demo.test');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectAccessible(page, 'the operator’s Dashboard, with the header and menu', 'body');

    await openFromMenu(page, 'Incidents', 'Incident settings');
    await page.getByRole('heading', { name: 'Incident settings', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add field', exact: true }).click();
    await page.getByRole('form', { name: 'New field' }).waitFor();
    await expectAccessible(page, 'Incident settings, Fields tab, with the new field form');
    await page.getByRole('form', { name: 'New field' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('form', { name: 'New field' }).waitFor({ state: 'detached' });
    await createField(page, 'Location', 'Text');
    await createField(page, 'Anyone injured', 'Checkbox');
    await createField(page, 'Hospital', 'Text');
    const fields = page.getByRole('list', { name: 'Fields, in order' });
    expect(await fields.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Location'),
      expect.stringContaining('Anyone injured'),
      expect.stringContaining('Hospital'),
    ]);
    await expectAccessible(page, 'Incident settings, Fields tab, with three fields');

    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Forms' }).click();
    await page.getByRole('button', { name: 'Add form', exact: true }).click();
    const newForm = page.getByRole('form', { name: 'New form' });
    await newForm.getByLabel('Name', { exact: true }).fill('Flood report');
    await newForm.getByRole('button', { name: 'Create form' }).click();
    await message(page, 'The form “Flood report” was created.').waitFor();
    await expectAccessible(page, 'Incident settings, Forms tab');

    await page.getByRole('link', { name: 'Edit form Flood report' }).click();
    await page.getByRole('heading', { name: 'Edit form: Flood report', level: 1 }).waitFor();

    // "Details": Location (required) and Anyone injured, always shown.
    await page.getByRole('button', { name: 'Add field group' }).click();
    const details = page.getByRole('form', { name: 'New field group' });
    await details.getByLabel('Title', { exact: true }).fill('Details');
    await addFieldToGroup(details, 'Location');
    await addFieldToGroup(details, 'Anyone injured');
    await details.getByRole('checkbox', { name: 'Required: Location' }).check();
    await details.getByRole('button', { name: 'Create field group' }).click();
    await message(page, 'The field group “Details” was created.').waitFor();
    await details.waitFor({ state: 'detached' });

    // "Injury": Hospital, shown only while "Anyone injured" is ticked.
    await page.getByRole('button', { name: 'Add field group' }).click();
    const injury = page.getByRole('form', { name: 'New field group' });
    await injury.getByLabel('Title', { exact: true }).fill('Injury');
    await addFieldToGroup(injury, 'Hospital');
    await injury.getByRole('button', { name: 'Add condition' }).click();
    const condition = injury.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Condition 1: shown by').selectOption({ label: 'A field’s value' });
    await condition.getByLabel('Field', { exact: true }).selectOption({ label: 'Anyone injured' });
    await condition.getByLabel('Shown when the field').selectOption({ label: 'is checked' });
    await expectAccessible(page, 'Edit form, with the new field group form and a condition');
    await injury.getByRole('button', { name: 'Create field group' }).click();
    await message(page, 'The field group “Injury” was created.').waitFor();

    const groups = page.getByRole('list', { name: 'Field groups, in order' });
    const rowsShown = () => groups.locator(':scope > li').allInnerTexts();
    const rows = await rowsShown();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/Details[\s\S]*Location[\s\S]*Anyone injured/);
    expect(rows[1]).toContain('Injury');
    expect(rows[1]).toContain('Hospital');
    expect(rows[1]).toContain('Shown when “Anyone injured” is checked');
    // The screen showed what the writes answered; the read side, loaded afresh, holds the same.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit form: Flood report', level: 1 }).waitFor();
    await groups.waitFor();
    expect(await rowsShown()).toEqual(rows);
    await expectAccessible(page, 'Edit form, with two field groups');
    expect(first.writes).toEqual([
      'createIncidentField',
      'createIncidentField',
      'createIncidentField',
      'createIncidentForm',
      'createFieldGroup',
      'createFieldGroup',
    ]);
  });

  it('a second operator opens the incident list in another browser', async () => {
    second = await watchedConsolePage();
    const page = second.page;
    await signInThroughLoginPage(page, server.url, 'operator2@demo.test');
    await openFromMenu(page, 'Incidents', 'Start Incident');
    await page.getByRole('heading', { name: 'Start Incident', level: 1 }).waitFor();
    await page.getByText('No Incidents yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'Start Incident, with no incidents yet');

    // An earlier incident of theirs, so that "at the top" means something in both lists.
    await page.getByRole('button', { name: 'Start Incident', exact: true }).click();
    const start = page.getByRole('form', { name: 'Start Incident' });
    await start.getByLabel('Form or template').selectOption({ label: 'Flood report' });
    await start.getByLabel('Title (optional)').fill(EARLIER_TITLE);
    await expectAccessible(page, 'Start Incident, with the start form');
    await start.getByRole('button', { name: 'Create Incident' }).click();
    const editor = page.getByRole('form', { name: 'New Incident' });
    await fieldInput(page, 'Details', 'Location').fill('Depot');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await message(page, 'The Incident was successfully updated.').waitFor();
    await page.getByRole('heading', { name: EARLIER_TITLE, level: 2 }).waitFor();

    // Back to the list alone, where the first operator's incident is to appear.
    await openFromMenu(page, 'Incidents', 'Start Incident');
    await page.waitForURL('**/ui/incidents/start');
    await page.getByRole('heading', { name: EARLIER_TITLE, level: 2 }).waitFor({ state: 'detached' });
    await markDocument(page);
  });

  it('the first operator starts an incident: stopped by the required value, then saved', async () => {
    const page = first.page;
    await openFromMenu(page, 'Incidents', 'Start Incident');
    await page.getByRole('heading', { name: 'Start Incident', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Start Incident', exact: true }).click();
    const start = page.getByRole('form', { name: 'Start Incident' });
    await start.getByLabel('Form or template').selectOption({ label: 'Flood report' });
    await start.getByLabel('Title (optional)').fill(TITLE);
    await start.getByRole('button', { name: 'Create Incident' }).click();

    const editor = page.getByRole('form', { name: 'New Incident' });
    await editor.waitFor();
    expect(await editor.getByLabel('Incident title').inputValue()).toBe(TITLE);
    // Hidden until "Anyone injured" is ticked.
    expect(await editor.getByRole('group', { name: 'Injury' }).count()).toBe(0);

    const writesBefore = first.writes.length;
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const requiredText = `Details › Location: ${REQUIRED_MESSAGE}`;
    await editor.getByText(requiredText, { exact: true }).waitFor();
    const location = fieldInput(page, 'Details', 'Location');
    expect(await location.getAttribute('aria-invalid')).toBe('true');
    // The save was stopped: nothing was recorded, the incident is still new.
    expect(page.url()).toMatch(/\/ui\/incidents\/start\/create$/);
    expect(await editor.getByRole('heading', { name: 'New Incident' }).count()).toBe(1);
    expect(first.writes.slice(writesBefore)).toEqual([]);
    // Focus went to the first missing value, for keyboard users.
    expect(await location.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page, 'New Incident, with a missing required value');

    await editor.getByRole('checkbox', { name: 'Anyone injured' }).check();
    await editor.getByRole('group', { name: 'Injury' }).waitFor();
    await location.fill('12 River Road');
    await fieldInput(page, 'Injury', 'Hospital').fill('St Mary’s');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();

    await message(page, 'The Incident was successfully updated.').waitFor();
    await page.waitForURL('**/ui/incidents/start/*/edit');
    incidentId = /\/incidents\/start\/([^/]+)\/edit/.exec(page.url())![1]!;
    expect(first.writes.slice(writesBefore)).toEqual(['startIncident']);
    const list = page.getByRole('list', { name: 'Incidents' });
    const listed = await list.getByRole('listitem').allInnerTexts();
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(TITLE);
    expect(listed[1]).toContain(EARLIER_TITLE);
    await page.getByRole('heading', { name: TITLE, level: 2 }).waitFor();
    expect(await fieldInput(page, 'Details', 'Location').inputValue()).toBe('12 River Road');
    expect(await fieldInput(page, 'Injury', 'Hospital').inputValue()).toBe('St Mary’s');
    await expectAccessible(page, 'the saved Incident, beside the list of Incidents');
  });

  it('the second operator sees the incident appear and change live, without reloading', async () => {
    const page = second.page;
    const list = page.getByRole('list', { name: 'Incidents' });
    const link = list.getByRole('link', { name: new RegExp(TITLE) });
    await link.waitFor({ timeout: LIVE_MS });
    const listed = await list.getByRole('listitem').allInnerTexts();
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(TITLE);
    expect(listed[1]).toContain(EARLIER_TITLE);
    await link.click();
    await page.getByRole('heading', { name: TITLE, level: 2 }).waitFor();
    expect(page.url()).toContain(`/ui/incidents/start/${incidentId}/edit`);
    expect(await fieldInput(page, 'Details', 'Location').inputValue()).toBe('12 River Road');
    expect(await page.getByRole('form', { name: TITLE }).getByRole('checkbox', { name: 'Anyone injured' }).isChecked()).toBe(true);

    // The first operator moves the incident; the second sees the new value where they are.
    await fieldInput(first.page, 'Details', 'Location').fill('14 River Road');
    const [saved] = await Promise.all([
      first.page.waitForResponse(isTheSave),
      first.page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(saved.status()).toBe(200);
    const savedAt = Date.now();
    await message(first.page, 'The Incident was successfully updated.').waitFor();

    await eventually(async () => expect(await fieldInput(page, 'Details', 'Location').inputValue()).toBe('14 River Road'), { timeout: LIVE_MS, interval: 50 });
    console.log(`the change reached the other operator's screen ${Date.now() - savedAt} ms after the save answered`);
    expect(await fieldInput(page, 'Injury', 'Hospital').inputValue()).toBe('St Mary’s');
    await page.getByText('Olu Demo updated this Incident', { exact: true }).waitFor();
    await expectAccessible(page, 'the Incident as another operator changed it live');
    expect(await stillSameDocument(page)).toBe(true);
    // Seeing it took no write of theirs.
    expect(second.writes).toEqual(['startIncident']);
  });

  it('the reports page lists the incident and exports it as a PDF with its title', async () => {
    const page = first.page;
    await openFromMenu(page, 'Incidents', 'Incident reports');
    await page.getByRole('heading', { name: 'Incident reports', level: 1 }).waitFor();
    const table = page.getByRole('table');
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Flood report');
    expect(await row.innerText()).toContain('Active');
    await expectAccessible(page, 'Incident reports');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export PDF of ${TITLE}` }).click(),
    ]);
    const path = await download.path();
    expect(path).toBeTruthy();
    const bytes = await readFile(path!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfTextOf(bytes);
    expect(text).toContain(TITLE);
    for (const shown of ['Active', 'Flood report', 'Details', 'Location', '14 River Road', 'Injury', 'Hospital', 'St Mary’s']) {
      because(`the PDF shows "${shown}"`, () => expect(text).toContain(shown));
    }
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('two operators saving the same field at once: the later one is told, sees the current values, nothing is lost', async () => {
    const page = first.page;
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await page.getByRole('heading', { name: TITLE, level: 2 }).waitFor();

    // The first operator's save leaves first but reaches the server only after the second's has been answered.
    let secondAnswered!: () => void;
    const held = new Promise<void>((resolve) => (secondAnswered = resolve));
    await page.route(`**/api/incidents/incident/${incidentId}/`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });

    await fieldInput(page, 'Details', 'Location').fill('Bridge Street');
    await fieldInput(second.page, 'Details', 'Location').fill('Mill Lane');
    const firstSave = page.waitForResponse(isTheSave);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const [secondSave] = await Promise.all([
      second.page.waitForResponse(isTheSave),
      second.page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(secondSave.status()).toBe(200);
    secondAnswered();
    expect((await firstSave).status()).toBe(409);
    await page.unroute(`**/api/incidents/incident/${incidentId}/`);

    const alert = page.getByRole('form', { name: TITLE }).getByRole('alert');
    const told = 'This Incident was changed by Otto Demo while you were editing.';
    await alert.getByText(`${told} Your changes were not saved; the current values are shown.`, { exact: true }).waitFor();
    expect(await alert.innerText()).toContain('Changed meanwhile: Location');
    expect(await fieldInput(page, 'Details', 'Location').inputValue()).toBe('Mill Lane');
    expect(await fieldInput(second.page, 'Details', 'Location').inputValue()).toBe('Mill Lane');
    await expectAccessible(page, 'the Incident, with the message that another save came first');
  });

  it('an operator publishes a template and a guest starts an incident from its public page', async () => {
    const page = first.page;
    const subdomain = `flood-${Date.now().toString(36)}`;
    await openFromMenu(page, 'Incidents', 'Incident settings');
    await page.getByRole('heading', { name: 'Incident settings', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Add template', exact: true }).click();
    const editor = page.getByRole('form', { name: 'New template' });
    await editor.getByLabel('Name', { exact: true }).fill('Flood report template');
    await editor.getByLabel('Form', { exact: true }).selectOption({ label: 'Flood report' });
    await editor.getByLabel('Incident title', { exact: true }).fill('Flooding reported by a guest');
    await editor.getByLabel('Public subdomain', { exact: true }).fill(subdomain);
    await expectAccessible(page, 'Incident settings, Templates tab, with the new template form');
    await editor.getByRole('button', { name: 'Create template' }).click();
    await message(page, 'The template “Flood report template” was created.').waitFor();
    await editor.waitFor({ state: 'detached' });
    await expectAccessible(page, 'Incident settings, Templates tab, with a public template');

    const { context, page: guest } = await newConsolePage(browser);
    try {
      await guest.goto(`${server.url}/ui/incident-template?subdomain=${subdomain}`);
      await guest.getByRole('heading', { name: 'Flood report template', level: 1 }).waitFor();
      await expectAccessible(guest, 'the public incident template page', 'body');
      await guest.getByRole('button', { name: 'Submit', exact: true }).click();
      await guest.getByRole('alert').waitFor();
      await expectAccessible(guest, 'the public incident template page, with a missing required value', 'body');
      await fieldInput(guest, 'Details', 'Location').fill('Weir Lane');
      await guest.getByRole('button', { name: 'Submit', exact: true }).click();
      await guest.getByRole('status').filter({ hasText: 'was submitted' }).waitFor();
      await expectAccessible(guest, 'the public incident template page, submitted', 'body');
    } finally {
      await context.close();
    }
  });

  it('nothing else failed along the way: no error answers, no page errors', async () => {
    expect(first.problems).toEqual([`PUT /api/incidents/incident/${incidentId}/ answered 409`]);
    expect(second.problems).toEqual([]);
    await second.context.close();
    await first.context.close();
  });
});
