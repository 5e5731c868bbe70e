import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { cspNonce } from '@beacon/platform';
import express from 'express';

export const CONSOLE_BASE_PATH = '/ui';

/**
 * The console's page with this response's CSP nonce in a `<meta property="csp-nonce">`, where
 * styled-components (and Vite's loader of lazy stylesheets) take it for the <style> elements they add.
 */
function pageWithNonce(index: string, nonce: string): string {
  return readFileSync(index, 'utf8').replace('<head>', `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`);
}

/**
 * Serves the built console under /ui/ with history routing: a path that is not a file gets
 * index.html, so the client-side router shows the page (or its own "not found").
 */
export function serveConsole(app: INestApplication, consoleDir: string): void {
  const index = join(consoleDir, 'index.html');
  const server = app.getHttpAdapter().getInstance() as express.Express;
  const page: express.RequestHandler = (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      response.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(pageWithNonce(index, cspNonce(response)));
  };
  server.get('/', (_request, response) => response.redirect(`${CONSOLE_BASE_PATH}/`));
  // Never the file as it is: without its nonce the page could not style itself.
  server.get(`${CONSOLE_BASE_PATH}/index.html`, page);
  server.use(CONSOLE_BASE_PATH, express.static(consoleDir, { index: false, fallthrough: true, maxAge: '1h' }));
  server.use(CONSOLE_BASE_PATH, page);
}
