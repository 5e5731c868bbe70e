/**
 * The console's Content-Security-Policy, in one place for the two servers that send it: every app
 * (libs/platform's security headers, through helmet) and, in the distributed topology, the gateway
 * that serves the console's files (deploy/nginx/security-headers.conf, rendered from this table).
 *
 * Scripts only from the app's origin, never inline; styles from the origin plus a nonce that each
 * page load gets fresh (styled-components adds <style> elements at run time and puts the nonce the
 * page names in `<meta property="csp-nonce">` on them); images also from data:/blob: URLs and any
 * https address (organisations' logos may live elsewhere); connections (fetch, socket.io) only to
 * the origin; no plugins, no <base> elsewhere, no framing by any page.
 */

/** Where a policy names the nonce; each server puts its own per-response value there. */
export const CSP_NONCE_PLACEHOLDER = '{nonce}';

export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", `'nonce-${CSP_NONCE_PLACEHOLDER}'`],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as a header value, with `nonce` in the nonce's place. */
export function renderContentSecurityPolicy(nonce: string): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.map((source) => source.replace(CSP_NONCE_PLACEHOLDER, nonce)).join(' ')}`)
    .join('; ');
}
