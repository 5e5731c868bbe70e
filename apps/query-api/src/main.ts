import 'reflect-metadata';
import { createProcessApp, listen, loadPlatformConfig, productVersion } from '@beacon/platform';
import { QueryApiModule } from './query-api.module';

async function main(): Promise<void> {
  const config = loadPlatformConfig(process.env, productVersion());
  const app = await createProcessApp(config, [QueryApiModule]);
  await listen(app, config, 'query-api');
}

void main();
