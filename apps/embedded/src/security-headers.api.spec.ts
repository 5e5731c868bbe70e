import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { GATEWAY_SECURITY_HEADERS } from '@beacon/contracts';
import { startTestApp, type TestApp } from './testing/embedded-test-app';

/**
 * Security headers on every response (docs/decisions.md, "Security headers"): the console's
 * Content-Security-Policy with a fresh style nonce per page, nosniff, no referrer, no framing,
 * no X-Powered-By, and HSTS only where the installation is reached over TLS.
 */
const consoleDir = mkdtempSync(join(tmpdir(), 'beacon-console-'));
let app: TestApp;
let tlsApp: TestApp;

beforeAll(async () => {
  // The shape of Vite's build: the page names its module script and stylesheet, nothing inline.
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(
    join(consoleDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" crossorigin src="/ui/assets/index.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  writeFileSync(join(consoleDir, 'assets', 'index.js'), 'console.log("console");\n');
  [app, tlsApp] = await Promise.all([
    startTestApp({ CONSOLE_DIR: consoleDir }),
    startTestApp({ CONSOLE_DIR: consoleDir, PUBLIC_URL: 'https://beacon.example' }),
  ]);
});

afterAll(async () => {
  await Promise.all([app?.close(), tlsApp?.close()]);
  rmSync(consoleDir, { recursive: true, force: true });
});

/** The policy's directives by name. */
function directives(response: request.Response): Map<string, string[]> {
  return policyDirectives(String(response.headers['content-security-policy'] ?? ''));
}

function policyDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

const nonceOfPage = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];

describe('the console page', () => {
  it('allows scripts from the app only, styles from the app and this page nonce, and no framing', async () => {
    const page = await request(app.url).get('/ui/incidents').expect(200);
    const policy = directives(page);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    const nonce = nonceOfPage(page.text);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('names a new nonce on every load, also when index.html is asked for by name', async () => {
    const pages = await Promise.all(['/ui/', '/ui/', '/ui/index.html'].map((path) => request(app.url).get(path).expect(200)));
    const nonces = pages.map((page) => nonceOfPage(page.text));
    expect(new Set(nonces).size).toBe(3);
    pages.forEach((page, index) => expect(directives(page).get('style-src')).toContain(`'nonce-${nonces[index]}'`));
  });

  it('has the headers the gateway adds to the console files it serves in the distributed topology', async () => {
    const page = await request(app.url).get('/ui/').expect(200);
    const nonce = nonceOfPage(page.text)!;
    for (const [name, value] of Object.entries(GATEWAY_SECURITY_HEADERS)) {
      if (name === 'Content-Security-Policy') expect(directives(page)).toEqual(policyDirectives(value.replace('$request_id', nonce)));
      else because(name, () => expect(page.headers[name.toLowerCase()]).toBe(value));
    }
  });

  it('serves the assets with the same headers', async () => {
    const script = await request(app.url).get('/ui/assets/index.js').expect(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(script).get('script-src')).toEqual(["'self'"]);
  });
});

describe('every answer', () => {
  it('says nosniff and no-referrer, and never who serves it', async () => {
    for (const response of [
      await request(app.url).get('/api/get_company_info/').expect(401),
      await request(app.url).post('/api/rest-auth/login/').send({ email: 'nobody@demo.test', password: 'x' }).expect(400),
      await request(app.url).post('/api/rest-auth/login/').set('Content-Type', 'application/json').send('{').expect(400),
      await request(app.url).get('/api/no-such-route/').expect(404),
      await request(app.url).get('/').expect(302),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('has no HSTS over plain HTTP, so a local installation stays reachable', async () => {
    const response = await request(app.url).get('/ui/').expect(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(directives(response).has('upgrade-insecure-requests')).toBe(false);
  });

  it('has HSTS and upgrades insecure requests when PUBLIC_URL is https', async () => {
    for (const response of [await request(tlsApp.url).get('/ui/').expect(200), await request(tlsApp.url).get('/api/get_company_info/').expect(401)]) {
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response).has('upgrade-insecure-requests')).toBe(true);
    }
  });
});
