import { describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import type { Browser, Page } from 'playwright-core';
import type { AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, mainMenu, newConsolePage, readRenderedMenu, signInThroughLoginPage, type RenderedMenuItem } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

/**
 * The console under its strict Content-Security-Policy in a real browser (docs/decisions.md,
 * "Security headers"): every screen of an admin's menu loads and is styled without a single
 * policy violation (styled-components' <style> elements carry the page's nonce), while a style or
 * script injected into the page without it is refused.
 */
let server: AppProcess;
let browser: Browser;

/** Records the page's policy violations (from its first script on, every document it loads). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

const links = (items: readonly RenderedMenuItem[]): string[] => items.flatMap((item) => (item.children ? links(item.children) : item.href ? [item.href] : []));

(chromiumMissingReason !== null ? describe.skip : describe)('the console under its Content-Security-Policy', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('loads and styles every screen of the menu without a violation', async () => {
    const { context, page } = await newConsolePage(browser);
    await watchViolations(page);
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    const hrefs = links(await readRenderedMenu(page));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      await page.goto(`${server.url}${href}`);
      await mainMenu(page).waitFor({ state: 'visible' });
      // styled-components' rules apply: the menu's list is laid out by its generated class, not the browser's defaults.
      const styled = await mainMenu(page).evaluate((nav) => ({
        classes: nav.querySelector('ul')?.className ?? '',
        listStyle: getComputedStyle(nav.querySelector('ul') ?? nav).listStyleType,
        nonced: document.querySelectorAll('style[data-styled][nonce]').length,
        unnonced: document.querySelectorAll('style[data-styled]:not([nonce])').length,
      }));
      because(href, () => expect(styled.classes).toMatch(/sc-/));
      because(href, () => expect(styled.listStyle).toBe('none'));
      because(href, () => expect(styled.nonced).toBeGreaterThan(0));
      because(href, () => expect(styled.unnonced).toBe(0));
      await because(href, async () => expect(await violations(page)).toEqual([]));
      // Every screen of the admin's menu, once its data has loaded (header and menu with it).
      await page.locator('main h1').first().waitFor();
      await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
      await expectAccessible(page, `the admin's screen ${href}`, 'body');
    }
    await context.close();
  });

  it('refuses a style or a script injected into the page', async () => {
    const { context, page } = await newConsolePage(browser);
    await watchViolations(page);
    await signInThroughLoginPage(page, server.url, 'admin@demo.test');
    const outcome = await page.evaluate(async () => {
      const style = document.createElement('style');
      style.textContent = 'body { background-color: rgb(1, 2, 3) !important; }';
      document.head.append(style);
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        background: getComputedStyle(document.body).backgroundColor,
        injected: (window as unknown as { __injected?: boolean }).__injected === true,
      };
    });
    expect(outcome.background).not.toBe('rgb(1, 2, 3)');
    expect(outcome.injected).toBe(false);
    const refused = await violations(page);
    expect(refused.some((entry) => entry.startsWith('style-src'))).toBe(true);
    expect(refused.some((entry) => entry.startsWith('script-src'))).toBe(true);
    await context.close();
  });
});
