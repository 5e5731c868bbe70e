import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { loadPlatformConfig } from './platform-config';

describe('platform configuration', () => {
  it('defaults to the embedded mode on port 3000 with data under ./data', () => {
    const config = loadPlatformConfig({}, '1.2.3');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: resolve('./data'),
      eventStorePath: join(resolve('./data'), 'events.sqlite'),
      eventstoreUrl: undefined,
      mongoUrl: undefined,
      kafkaBrokers: undefined,
      seedDemo: true,
      versionNumber: '1.2.3',
      tokenIdleSeconds: 1700,
    });
  });

  it('reads the distributed settings from the environment', () => {
    const config = loadPlatformConfig({
      PORT: '8080',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017',
      KAFKA_BROKERS: 'k1:9092, k2:9092,',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      eventstoreUrl: 'esdb://es:2113?tls=false',
      mongoUrl: 'mongodb://mongo:27017',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      seedDemo: false,
    });
  });

  it('refuses a port that is not a positive integer, naming the variable', () => {
    expect(() => loadPlatformConfig({ PORT: 'eighty' })).toThrow('PORT must be a positive integer, got "eighty"');
    expect(() => loadPlatformConfig({ TOKEN_IDLE_SECONDS: '-5' })).toThrow('TOKEN_IDLE_SECONDS');
  });
});
