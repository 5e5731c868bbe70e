import { readFileSync } from 'node:fs';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { because } from '@beacon/testing';

/** axe-core's browser bundle, read once. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  tags: string[];
  help: string;
  nodes: { target: unknown[]; html?: string; failureSummary?: string }[];
}

/**
 * The serious and critical WCAG 2.1 A and AA violations axe-core finds in the part of the page the
 * selector names (by default the screen's main region), one line each. Rules axe itself marks
 * experimental are left out: label-content-name-mismatch, for one, counts a tree item's child items
 * as its own text, which the WAI-ARIA tree pattern puts inside it.
 */
export async function seriousViolations(page: Page, include = 'main'): Promise<string[]> {
  // Colours judged mid-animation (a dialog fading in) are not the screen's: wait for finite animations to end.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  // Evaluated over the DevTools protocol, so the console's content security policy does not stop it.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(
      { include: [[selector]] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
    );
    return results.violations;
  }, include);
  return violations
    .filter((violation) => (violation.impact === 'serious' || violation.impact === 'critical') && !violation.tags.includes('experimental'))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.html} ${node.failureSummary}`).join(', ')}`,
    );
}

/** Fails the journey on any serious or critical violation of the screen, naming the screen. */
export async function expectAccessible(page: Page, screenName: string, include?: string): Promise<void> {
  const violations = await seriousViolations(page, include);
  because(`axe on ${screenName}: ${violations.join('\n')}`, () => expect(violations).toEqual([]));
}
