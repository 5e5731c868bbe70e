import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CONTENT_SECURITY_POLICY, renderContentSecurityPolicy } from './content-security-policy';
import {
  GATEWAY_SECURITY_HEADERS,
  GATEWAY_SECURITY_HEADERS_FILE,
  GATEWAY_SECURITY_HEADERS_UPDATE_COMMAND,
  renderGatewaySecurityHeaders,
} from './gateway-security-headers';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');
const headersFile = resolve(repoRoot, GATEWAY_SECURITY_HEADERS_FILE);
const nginxConf = readFileSync(resolve(repoRoot, 'deploy', 'nginx', 'nginx.conf'), 'utf8');
const INCLUDE = 'include /etc/nginx/security-headers.conf;';

/** Each `location` block of nginx.conf by its head (`location = /ui/index.html`), with its body. */
function locations(conf: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of conf.matchAll(/^\s*(location [^{]+)\{([^}]*)\}/gm)) found.set(match[1]!.trim(), match[2]!);
  return found;
}

describe('the gateway security headers', () => {
  it('match the committed deploy/nginx/security-headers.conf', () => {
    const rendered = renderGatewaySecurityHeaders();
    if (process.env.UPDATE_GATEWAY_HEADERS === '1') writeFileSync(headersFile, rendered);
    const hint = `${GATEWAY_SECURITY_HEADERS_FILE} is out of date with the policy; run \`${GATEWAY_SECURITY_HEADERS_UPDATE_COMMAND}\` from the repository root`;
    expect([hint, readFileSync(headersFile, 'utf8')]).toEqual([hint, rendered]);
  });

  it("send the console's policy with nginx's per-request id as the style nonce, and nothing nginx would misread", () => {
    expect(GATEWAY_SECURITY_HEADERS['Content-Security-Policy']).toBe(renderContentSecurityPolicy('$request_id'));
    expect(GATEWAY_SECURITY_HEADERS['Content-Security-Policy']).toContain("style-src 'self' 'nonce-$request_id'");
    for (const value of Object.values(GATEWAY_SECURITY_HEADERS)) expect(value).not.toMatch(/["\\]/);
  });

  it('are added by every location that answers by itself, and by none that proxies to the apps', () => {
    const blocks = locations(nginxConf);
    expect(blocks.size).toBeGreaterThan(5);
    for (const [head, body] of blocks) {
      const proxied = body.includes('proxy_pass');
      expect([`${head} ${proxied ? 'proxies: the app sends the headers' : 'answers by itself'}`, body.includes(INCLUDE)]).toEqual([`${head} ${proxied ? 'proxies: the app sends the headers' : 'answers by itself'}`, !proxied]);
    }
  });

  it("put this response's nonce in the console's page, where styled-components reads it", () => {
    const page = locations(nginxConf).get('location = /ui/index.html') ?? '';
    expect(page).toContain(`sub_filter '<head>' '<head>\\n    <meta property="csp-nonce" nonce="$request_id" />';`);
    expect(page).toContain('sub_filter_once on;');
  });
});

describe("the console's policy", () => {
  it('allows no inline script, no eval and no framing, and names the nonce once', () => {
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY['frame-ancestors']).toEqual(["'none'"]);
    const policy = renderContentSecurityPolicy('abc');
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy.match(/'nonce-abc'/g)).toHaveLength(1);
  });
});
