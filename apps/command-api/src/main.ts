import 'reflect-metadata';
import { createProcessApp, listen, loadPlatformConfig, productVersion } from '@beacon/platform';
import { CommandApiModule } from './command-api.module';

async function main(): Promise<void> {
  const config = loadPlatformConfig(process.env, productVersion());
  const app = await createProcessApp(config, [CommandApiModule]);
  await listen(app, config, 'command-api');
}

void main();
