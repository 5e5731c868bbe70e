import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { SqliteBus } from './adapters/sqlite/sqlite-bus.adapter';
import { createBus } from './bus.factory';
import { waitFor } from './testing/wait-for';

describe('createBus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bus-factory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the embedded SQLite bus when no Kafka brokers are configured', async () => {
    const bus = await createBus({ kafkaBrokers: [], sqlitePath: join(dir, 'bus.sqlite') });
    const received: unknown[] = [];
    try {
      expect(bus).toBeInstanceOf(SqliteBus);
      await bus.consume('greetings', 'test', async ({ value }) => void received.push(value));
      await bus.publish('greetings', 'k', 'hello');
      await waitFor('the message', () => received.length === 1);
      expect(received).toEqual(['hello']);
    } finally {
      await bus.close();
    }
  });
});
