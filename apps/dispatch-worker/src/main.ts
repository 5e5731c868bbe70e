import 'reflect-metadata';
import { createProcessApp, listen, loadPlatformConfig, productVersion } from '@beacon/platform';
import { DispatchWorkerModule } from './dispatch-worker.module';

/** The worker listens on PORT only for health checks; its work comes from the bus. */
async function main(): Promise<void> {
  const config = loadPlatformConfig(process.env, productVersion());
  const app = await createProcessApp(config, [DispatchWorkerModule]);
  await listen(app, config, 'dispatch-worker');
}

void main();
