import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CONTENT_SECURITY_POLICY, CSP_NONCE_PLACEHOLDER } from '@beacon/contracts';
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

const NONCE_BYTES = 16;
/** Random bytes are drawn for 256 nonces at once: one call to the system's generator instead of one per response. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;

function newNonce(): string {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

function assignNonce(_request: Request, response: Response, next: NextFunction): void {
  (response as WithNonce)[NONCE] = newNonce();
  next();
}

type DirectiveSource = string | ((request: unknown, response: ServerResponse) => string);

/** The console's policy (libs/contracts) for helmet, the nonce filled in per response. */
const policyDirectives = (): Record<string, DirectiveSource[]> =>
  Object.fromEntries(
    Object.entries(CONTENT_SECURITY_POLICY).map(([directive, sources]) => [
      directive,
      sources.map((source): DirectiveSource =>
        source.includes(CSP_NONCE_PLACEHOLDER) ? (_request, response) => source.replace(CSP_NONCE_PLACEHOLDER, cspNonce(response)) : source,
      ),
    ]),
  );

/**
 * Security headers on every response (helmet). The policy is the console's (see libs/contracts'
 * CONTENT_SECURITY_POLICY), and the API's answers carry it too: a JSON or file answer opened in a
 * tab then runs nothing. X-Frame-Options DENY says `frame-ancestors 'none'` to old browsers; no
 * referrer, since reset and impersonation links carry tokens in their path. HSTS only when
 * PUBLIC_URL is https: a plain-HTTP installation must stay reachable.
 */
export function securityHeaders(config: PlatformConfig): RequestHandler[] {
  const tls = config.publicUrl.startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...policyDirectives(), ...(tls ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: tls ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  return [assignNonce, headers];
}
