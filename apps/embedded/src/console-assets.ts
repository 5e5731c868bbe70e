import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express from 'express';

export const CONSOLE_BASE_PATH = '/ui';

/**
 * Serves the built console under /ui/ with history routing: a path that is not a file gets
 * index.html, so the client-side router shows the page (or its own "not found").
 */
export function serveConsole(app: INestApplication, consoleDir: string): void {
  const index = join(consoleDir, 'index.html');
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.get('/', (_request, response) => response.redirect(`${CONSOLE_BASE_PATH}/`));
  server.use(CONSOLE_BASE_PATH, express.static(consoleDir, { index: false, fallthrough: true, maxAge: '1h' }));
  server.use(CONSOLE_BASE_PATH, (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      response.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
}
