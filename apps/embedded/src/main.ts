import 'reflect-metadata';
import { listen, loadPlatformConfig, productVersion } from '@beacon/platform';
import { createEmbeddedApp } from './embedded-app';

async function main(): Promise<void> {
  const config = loadPlatformConfig(process.env, productVersion());
  const app = await createEmbeddedApp(config);
  await listen(app, config, 'beacon');
}

void main();
