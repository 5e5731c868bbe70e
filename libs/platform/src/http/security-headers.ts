import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { PlatformConfig } from '../config/platform-config';

const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/**
 * The nonce of this response's Content-Security-Policy: the console's page names it (a
 * `<meta property="csp-nonce">` that styled-components reads) so that the <style> elements
 * styled-components adds at run time are allowed, and no style injected into the page is.
 */
export function cspNonce(response: ServerResponse): string {
  const nonce = (response as WithNonce)[NONCE];
  if (!nonce) throw new Error('The security headers middleware has not run for this response');
  return nonce;
}

function assignNonce(_request: Request, response: Response, next: NextFunction): void {
  (response as WithNonce)[NONCE] = randomBytes(16).toString('base64');
  next();
}

/**
 * Security headers on every response (helmet). The policy is the console's, and the API's answers
 * carry it too (a JSON or file answer opened in a tab then runs nothing):
 * - scripts only from the app's origin, no inline script, no eval;
 * - styles from the app's origin plus the per-response nonce for styled-components' <style> elements
 *   (React's `style` props are set through the CSSOM, which the policy does not govern);
 * - images also as data:/blob: URLs (previews) and from any https address (organisations' logos may live elsewhere);
 * - connections (fetch, socket.io's websocket) only to the app's origin;
 * - no framing by any page (also X-Frame-Options: DENY for old browsers), no plugins, no <base> elsewhere.
 * HSTS only when PUBLIC_URL is https: a plain-HTTP installation must stay reachable.
 */
export function securityHeaders(config: PlatformConfig): RequestHandler[] {
  const tls = config.publicUrl.startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", (_request, response) => `'nonce-${cspNonce(response)}'`],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: tls ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  return [assignNonce, headers];
}
