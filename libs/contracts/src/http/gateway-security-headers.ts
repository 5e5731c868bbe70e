import { renderContentSecurityPolicy } from './content-security-policy';

/**
 * The security headers the gateway (deploy/nginx) adds to what it serves itself in the distributed
 * topology: the console's files and its own redirects and errors. Answers it proxies come with the
 * apps' own (libs/platform's security headers), so it adds nothing to those. The same values as the
 * apps send: apps/embedded's security-headers.api.spec.ts compares them with an app's answers.
 * HSTS is not among them: it belongs where TLS ends, in front of the gateway.
 */
export const GATEWAY_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // nginx's $request_id: 32 random hex digits per request, so every page load gets its own nonce.
  'Content-Security-Policy': renderContentSecurityPolicy('$request_id'),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Where the rendered headers are committed, relative to the repository root. */
export const GATEWAY_SECURITY_HEADERS_FILE = 'deploy/nginx/security-headers.conf';

/** The command that rewrites the committed file after a change to the policy. */
export const GATEWAY_SECURITY_HEADERS_UPDATE_COMMAND = 'UPDATE_GATEWAY_HEADERS=1 npx jest --selectProjects contracts';

/** The nginx `add_header` lines, `always` so that redirects and errors carry them too. */
export function renderGatewaySecurityHeaders(): string {
  return [
    '# Generated from GATEWAY_SECURITY_HEADERS (libs/contracts/src/http/gateway-security-headers.ts). Do not edit by',
    '# hand: change the policy there, then run',
    `#   ${GATEWAY_SECURITY_HEADERS_UPDATE_COMMAND}`,
    '# from the repository root. gateway-security-headers.spec.ts fails while this file is out of date.',
    '#',
    '# Included by every location of nginx.conf that answers by itself (not those proxied to the apps, whose',
    '# answers carry the same headers already); nginx drops inherited add_header lines where a location has its own.',
    ...Object.entries(GATEWAY_SECURITY_HEADERS).map(([name, value]) => `add_header ${name} "${value}" always;`),
    '',
  ].join('\n');
}
