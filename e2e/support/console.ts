import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@beacon/command-api';
import { afterAll, beforeAll } from '@jest/globals';
import { newDataDir, REPO_ROOT, startAppProcess, type AppProcess } from './app-process';
import { launchChromium } from './browser';
import { reportOpenPagesOnFailure, watchForTrouble } from './failure-report';

const CONSOLE_BUILD = join(REPO_ROOT, 'apps', 'console', 'dist');

/** Every file of a folder with its size and time, as one string, or null when the folder is missing. */
function listing(dir: string): string | null {
  if (!existsSync(dir)) return null;
  try {
    return (readdirSync(dir, { recursive: true }) as string[])
      .sort()
      .map((name) => {
        const stats = statSync(join(dir, name));
        return `${name}:${stats.size}:${stats.mtimeMs}`;
      })
      .join('\n');
  } catch {
    return null; // a file went away while listing: a build is running
  }
}

/** index.html is there and every script and stylesheet it names too. */
function looksComplete(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const referenced = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/ui\/([^"]+)"/g)].map((match) => match[1]!);
  return referenced.every((file) => existsSync(join(dir, file)));
}

/**
 * A private copy of the built console, so that a rebuild running meanwhile (vite empties its output
 * folder first) cannot pull the assets from under a journey. Waits for a complete, unchanging build.
 */
export async function snapshotConsoleBuild(into: string, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = listing(CONSOLE_BUILD);
    if (before !== null && looksComplete(CONSOLE_BUILD)) {
      rmSync(into, { recursive: true, force: true });
      try {
        cpSync(CONSOLE_BUILD, into, { recursive: true });
        if (listing(CONSOLE_BUILD) === before && looksComplete(into)) return into;
      } catch {
        // the build changed while copying: try again
      }
    }
    if (Date.now() > deadline) throw new Error(`no complete console build in ${CONSOLE_BUILD}: run \`npx nx run-many -t build\``);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The built embedded app on a fresh data folder, serving a private copy of the built console. */
export async function startEmbeddedWithConsole(dataDir: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const consoleDir = await snapshotConsoleBuild(join(dataDir, 'console-build'));
  return startAppProcess('embedded', dataDir, { ...env, CONSOLE_DIR: consoleDir });
}

/** The console's timing overrides (apps/console/src/app/timings.ts); only the keys a journey shortens. */
export type ConsoleTimings = Partial<
  Record<
    | 'idleTimeoutMs'
    | 'sessionExtensionMs'
    | 'autoLogoutCheckMs'
    | 'autoLogoutThresholdMs'
    | 'keepaliveIntervalMs'
    | 'activityThrottleMs'
    | 'snackbarAutoDismissMs'
    | 'closeAnimationMs',
    number
  >
>;

/**
 * A fresh browser context (own localStorage, so no token of another journey), optionally with the
 * console's timings shortened before the app starts.
 */
export async function newConsolePage(browser: Browser, timings?: ConsoleTimings): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (timings) {
    await context.addInitScript((overrides) => {
      (window as unknown as { __BEACON_TIMINGS__: unknown }).__BEACON_TIMINGS__ = overrides;
    }, timings);
  }
  const page = await context.newPage();
  watchForTrouble(page);
  return { context, page };
}

export const mainMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

/** Opens the console, lands on the login page, signs in through the form and waits for the menu. */
export async function signInThroughLoginPage(page: Page, url: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${url}/ui/`);
  await page.waitForURL('**/ui/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await mainMenu(page).waitFor({ state: 'visible', timeout: 15_000 });
}

/** The token the console keeps between page loads (apps/console/src/api/token-storage.ts). */
export const storedToken = (page: Page): Promise<string | null> => page.evaluate(() => window.localStorage.getItem('token'));

/** Waits until the console shows its login page (URL and form), i.e. the user was signed out. */
export async function waitForLoginPage(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForURL('**/ui/login', { timeout });
  await page.getByRole('form', { name: 'Log in' }).waitFor({ state: 'visible', timeout });
}

export interface RenderedMenuItem {
  readonly title: string;
  /** The link's path without a trailing slash; groups have none. */
  readonly href?: string;
  readonly children?: readonly RenderedMenuItem[];
}

/**
 * The menu as the user sees it: opens every closed group (a click, as the user would), then reads
 * the visible entries of the nav as a tree of titles and link paths.
 */
export async function readRenderedMenu(page: Page): Promise<RenderedMenuItem[]> {
  const menu = mainMenu(page);
  for (;;) {
    const closed = menu.locator('button[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return menu.evaluate((nav) => {
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const path = (href: string) => new URL(href, window.location.href).pathname.replace(/\/+$/, '');
    const readList = (list: Element): RenderedMenuItem[] =>
      Array.from(list.children)
        .filter((li) => li.tagName === 'LI' && visible(li))
        .map((li) => {
          const link = li.querySelector(':scope > a');
          if (link) return { title: (link.textContent ?? '').trim(), href: path((link as HTMLAnchorElement).href) };
          const button = li.querySelector(':scope > button');
          const sublist = li.querySelector(':scope > ul');
          return { title: (button?.textContent ?? '').trim(), children: sublist ? readList(sublist) : [] };
        });
    const top = nav.querySelector(':scope > ul');
    return top ? readList(top) : [];
  });
}

interface TitledTree {
  readonly title: string;
  readonly children?: readonly TitledTree[];
}

/** Every title of a menu tree, groups and children, in menu order. */
export function menuTitles(items: readonly TitledTree[]): string[] {
  return items.flatMap((item) => [item.title, ...(item.children ? menuTitles(item.children) : [])]);
}

/**
 * The set-up every browser journey shares, registered in the calling describe block: the built
 * embedded app with the console on a fresh data folder, and a headless Chromium; both torn down
 * after the block, the data folder removed. A failed test prints what every open page showed.
 */
export function consoleJourney(
  env: Record<string, string>,
  ready: (server: AppProcess, browser: Browser, dataDir: string) => void,
): void {
  const dataDir = newDataDir();
  let server: AppProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startEmbeddedWithConsole(dataDir, env);
    browser = await launchChromium();
    ready(server, browser, dataDir);
  });
  reportOpenPagesOnFailure(() => browser);
  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });
}
