import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Logger, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { PlatformConfig } from './config/platform-config';
import { serveApiDocument } from './http/api-document';
import { requestBodyRules } from './http/request-body';
import { securityHeaders } from './http/security-headers';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { PlatformModule } from './platform.module';

/** The product's version, from the monorepo's root package.json. */
export function productVersion(from = __dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'beacon' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

class ProcessRootModule {}

/** A process's root module: the adapters chosen by configuration, the shared platform, and the given feature modules. */
export function processRootModule(config: PlatformConfig, features: readonly (Type | DynamicModule)[]): DynamicModule {
  return { module: ProcessRootModule, imports: [InfrastructureModule.forRoot(config), PlatformModule, ...features] };
}

export async function createProcessApp(
  config: PlatformConfig,
  features: readonly (Type | DynamicModule)[],
): Promise<INestApplication> {
  const app = await NestFactory.create(processRootModule(config, features), {
    logger: process.env.LOG_LEVEL === 'silent' ? false : ['log', 'warn', 'error'],
    // Bodies are read by requestBodyRules (size, type, depth and text rules) instead.
    bodyParser: false,
  });
  // Before every route: registered now, Nest adds its routes when the app initialises.
  app.use(...securityHeaders(config), ...requestBodyRules());
  // The API reference (public): Swagger UI at /api/docs, the OpenAPI document at /api/docs-json.
  serveApiDocument(app, config.versionNumber);
  // request.ip, which per-address limits count by, is the client's own address only when the proxies in front are trusted.
  const express: { set(setting: string, value: unknown): unknown } = app.getHttpAdapter().getInstance();
  express.set('trust proxy', config.trustProxy);
  // No ETag: hashing every answer cost a twentieth of a busy node's time, and the console never
  // revalidates (its reads follow live updates and read positions, not HTTP caching).
  express.set('etag', false);
  app.enableShutdownHooks();
  return app;
}

export async function listen(app: INestApplication, config: PlatformConfig, name: string): Promise<void> {
  await app.listen(config.port);
  new Logger(name).log(`Listening on http://localhost:${config.port}`);
}
