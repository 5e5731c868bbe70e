import type { INestApplication } from '@nestjs/common';
import { CommandApiModule } from '@beacon/command-api';
import { DispatchWorkerModule } from '@beacon/dispatch-worker';
import { createProcessApp, type PlatformConfig } from '@beacon/platform';
import { QueryApiModule } from '@beacon/query-api';
import { serveConsole } from './console-assets';

/** command-api, query-api and dispatch-worker in one process over the configured adapters, with the console at /ui/. */
export async function createEmbeddedApp(config: PlatformConfig): Promise<INestApplication> {
  const app = await createProcessApp({ ...config, projectionLeaseHolder: 'embedded' }, [CommandApiModule, QueryApiModule, DispatchWorkerModule]);
  serveConsole(app, config.consoleDir);
  return app;
}
