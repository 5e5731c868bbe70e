import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { SqliteBus } from './adapters/sqlite/sqlite-bus.adapter';
import { createBus } from './bus.factory';
import { NamespacedBus } from './namespaced-bus';
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

  it('keeps deployments sharing a bus apart when they name a topic prefix, each seeing its own topics under their own names', async () => {
    const path = join(dir, 'shared.sqlite');
    const blue = await createBus({ sqlitePath: path, topicPrefix: 'blue.' });
    const green = await createBus({ sqlitePath: path, topicPrefix: 'green.' });
    const seen: string[] = [];
    try {
      expect(blue).toBeInstanceOf(NamespacedBus);
      await blue.consumeBatch<string>('greetings', 'workers', async (messages) => void seen.push(...messages.map(({ topic, value }) => `blue:${topic}:${value}`)));
      await green.consume<string>('greetings', 'workers', async ({ topic, value }) => void seen.push(`green:${topic}:${value}`));
      await blue.publish('greetings', 'k', 'hello blue');
      await green.publishBatch('greetings', [{ key: 'k', value: 'hello green' }]);
      await waitFor('both messages', () => seen.length === 2);
      expect(seen.sort()).toEqual(['blue:greetings:hello blue', 'green:greetings:hello green']);
    } finally {
      await blue.close();
      await green.close();
    }
  });
});

