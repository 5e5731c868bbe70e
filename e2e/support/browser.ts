import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumMissingReason = existsSync(CHROMIUM_PATH)
  ? null
  : `no Chromium at ${CHROMIUM_PATH} (npm test installs Debian's chromium; set CHROMIUM_PATH to use another)`;

/** Debian's Chromium, headless, with the flags a closed network needs (no background networking); Playwright gives it a fresh profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
