import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import type { BatchHandler, Bus, BusMessage, ConsumeBatchOptions, Consumer, MessageHandler } from '../bus';
import { delay, gate, waitFor } from './wait-for';

interface Numbered {
  readonly key: string;
  readonly n: number;
}

/**
 * The behaviour every bus adapter must show. `factory` may be called several times per test; the
 * buses it returns must share their storage/cluster, as separate processes of one deployment would.
 */
export function runBusContract(name: string, factory: () => Promise<Bus>): void {
  // Each test may take the project's 60 s (jest.config.mjs): a Kafka group join alone takes seconds.
  describe(`${name} bus contract`, () => {
    const buses: Bus[] = [];
    const consumers: Consumer[] = [];
    const gates: (() => void)[] = [];

    const openBus = async (): Promise<Bus> => {
      const bus = await factory();
      buses.push(bus);
      return bus;
    };
    const consume = async <T>(
      bus: Bus,
      topic: string,
      group: string,
      handler: MessageHandler<T>,
      fromBeginning?: boolean,
    ): Promise<Consumer> => {
      const consumer = await bus.consume(topic, group, handler, fromBeginning === undefined ? {} : { fromBeginning });
      consumers.push(consumer);
      return consumer;
    };
    const consumeBatch = async <T>(
      bus: Bus,
      topic: string,
      group: string,
      handler: BatchHandler<T>,
      options: ConsumeBatchOptions = {},
    ): Promise<Consumer> => {
      const consumer = await bus.consumeBatch(topic, group, handler, options);
      consumers.push(consumer);
      return consumer;
    };
    const unique = (label: string): string => `${label}-${randomUUID().slice(0, 8)}`;
    const numbered = (keys: readonly string[], rounds: number): Numbered[] =>
      Array.from({ length: rounds }, (_, n) => keys.map((key) => ({ key, n }))).flat();
    const keysNamed = (prefix: string, count: number): string[] =>
      Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
    const byKey = (messages: readonly Numbered[]): Map<string, number[]> => {
      const sequences = new Map<string, number[]>();
      for (const { key, n } of messages) sequences.set(key, [...(sequences.get(key) ?? []), n]);
      return sequences;
    };
    const upTo = (count: number): number[] => Array.from({ length: count }, (_, n) => n);

    afterEach(async () => {
      for (const open of gates.splice(0)) open();
      await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    it('delivers a published message with its key, value and headers', async () => {
      const bus = await openBus();
      const topic = unique('roundtrip');
      const received: BusMessage[] = [];
      await consume(bus, topic, unique('group'), async (message) => void received.push(message));

      await bus.publish(topic, 'order-1', { id: 'order-1', lines: [{ sku: 'a', qty: 2 }], note: null }, {
        'correlation-id': 'c-1',
      });

      await waitFor('the message', () => received.length === 1);
      expect(received[0]).toMatchObject({
        topic,
        key: 'order-1',
        value: { id: 'order-1', lines: [{ sku: 'a', qty: 2 }], note: null },
        headers: { 'correlation-id': 'c-1' },
      });
      expect(received[0]!.partition).toEqual(expect.any(Number));
      expect(received[0]!.offset).toMatch(/^\d+$/);
    });

    it('keeps the order of each key across many keys published interleaved', async () => {
      const bus = await openBus();
      const topic = unique('ordering');
      const keys = keysNamed('key', 24);
      const received: Numbered[] = [];
      await consume<Numbered>(bus, topic, unique('group'), async ({ value }) => void received.push(value));

      for (let n = 0; n < 12; n++) {
        await Promise.all(keys.map((key) => bus.publish(topic, key, { key, n })));
      }

      await waitFor('every message', () => received.length === keys.length * 12);
      for (const key of keys) expect(byKey(received).get(key)).toEqual(upTo(12));
    });

    it('delivers every message to every consumer group', async () => {
      const bus = await openBus();
      const topic = unique('fan-out');
      const sent = numbered(keysNamed('key', 6), 5);
      await bus.publishBatch(topic, sent.map((value) => ({ key: value.key, value })));
      const billing: Numbered[] = [];
      const audit: Numbered[] = [];

      await consume<Numbered>(bus, topic, unique('billing'), async ({ value }) => void billing.push(value));
      await consume<Numbered>(bus, topic, unique('audit'), async ({ value }) => void audit.push(value));

      await waitFor('both groups to receive everything', () => billing.length >= sent.length && audit.length >= sent.length);
      expect(new Set(billing.map((m) => `${m.key}/${m.n}`))).toEqual(new Set(sent.map((m) => `${m.key}/${m.n}`)));
      expect(new Set(audit.map((m) => `${m.key}/${m.n}`))).toEqual(new Set(sent.map((m) => `${m.key}/${m.n}`)));
    });

    it('shares a group’s work between its consumers, each message handled by one of them', async () => {
      const [first, second] = [await openBus(), await openBus()];
      const topic = unique('shared');
      const group = unique('workers');
      const keys = keysNamed('recipient', 32);
      const log: { readonly consumer: string; readonly message: Numbered }[] = [];
      await consume<Numbered>(first, topic, group, async ({ value }) => void log.push({ consumer: 'first', message: value }));
      await consume<Numbered>(second, topic, group, async ({ value }) => void log.push({ consumer: 'second', message: value }));
      const handledBy = (consumer: string): number => log.filter((entry) => entry.consumer === consumer).length;

      // The group may still be rebalancing: keep publishing rounds until both members are at work.
      let rounds = 0;
      const deadline = Date.now() + 20_000;
      while ((handledBy('first') === 0 || handledBy('second') === 0) && Date.now() < deadline) {
        const round = rounds++;
        await first.publishBatch(topic, keys.map((key) => ({ key, value: { key, n: round } })));
        await waitFor('the round', () => log.length >= keys.length * rounds);
        await delay(50);
      }

      expect(handledBy('first')).toBeGreaterThan(0);
      expect(handledBy('second')).toBeGreaterThan(0);
      const handled = log.map(({ message }) => `${message.key}/${message.n}`);
      expect(new Set(handled).size).toBe(handled.length);
      for (const key of keys) expect(byKey(log.map((entry) => entry.message)).get(key)).toEqual(upTo(rounds));
    });

    it('redelivers a message whose handler threw, keeping its key’s order', async () => {
      const bus = await openBus();
      const topic = unique('retry');
      const attempts: number[] = [];
      let failed = false;
      await bus.publishBatch(topic, upTo(5).map((n) => ({ key: 'k', value: { key: 'k', n } })));

      await consume<Numbered>(bus, topic, unique('group'), async ({ value }) => {
        attempts.push(value.n);
        if (value.n === 2 && !failed) {
          failed = true;
          throw new Error('provider timed out');
        }
      });

      await waitFor('the last message', () => attempts.includes(4));
      expect(attempts).toEqual([0, 1, 2, 2, 3, 4]);
    });

    it('redelivers the in-flight message to another member after a consumer crashes, and nothing it committed', async () => {
      const [crashing, survivor] = [await openBus(), await openBus()];
      const topic = unique('crash');
      const group = unique('workers');
      const hang = gate();
      gates.push(hang.open);
      await crashing.publishBatch(topic, upTo(10).map((n) => ({ key: 'k', value: { key: 'k', n } })));
      const beforeCrash: number[] = [];
      const afterCrash: number[] = [];

      const zombie = await consume<Numbered>(crashing, topic, group, async ({ value }) => {
        beforeCrash.push(value.n);
        if (value.n === 4) await hang.wait; // hangs like a process that died mid-message
      });
      await waitFor('the crash', () => beforeCrash.includes(4));
      const heir = await consume<Numbered>(survivor, topic, group, async ({ value }) => void afterCrash.push(value.n));

      await waitFor('the survivor to finish the stream', () => afterCrash.includes(9), 45_000);
      expect(beforeCrash).toEqual([0, 1, 2, 3, 4]);
      expect(afterCrash).toEqual([4, 5, 6, 7, 8, 9]);

      // The hung handler finally returns: its late commit must not rewind the group to message 5.
      hang.open();
      await zombie.stop();
      await heir.stop();
      const later: number[] = [];
      await survivor.publish(topic, 'k', { key: 'k', n: 10 });
      await consume<Numbered>(survivor, topic, group, async ({ value }) => void later.push(value.n));
      await waitFor('the next message', () => later.includes(10), 45_000);
      expect(later).toEqual([10]);
    }, 90_000);

    it('brings a member that joins a busy group into the work, losing and repeating nothing', async () => {
      const [first, second] = [await openBus(), await openBus()];
      const topic = unique('join');
      const group = unique('workers');
      const keys = keysNamed('recipient', 16);
      const log: { readonly consumer: string; readonly message: Numbered }[] = [];
      const handler =
        (consumer: string): MessageHandler<Numbered> =>
        async ({ value }) =>
          void log.push({ consumer, message: value });
      const handledBy = (consumer: string): number => log.filter((entry) => entry.consumer === consumer).length;
      let rounds = 0;
      const publishRound = async (): Promise<void> => {
        const round = rounds;
        await first.publishBatch(topic, keys.map((key) => ({ key, value: { key, n: round } })));
        rounds++;
      };
      await consume<Numbered>(first, topic, group, handler('first'));

      // A steady stream: the second member joins while the first is in the middle of it.
      let streaming = true;
      const stream = (async () => {
        while (streaming) {
          await publishRound();
          await delay(100);
        }
      })();
      try {
        await waitFor('the first member to be busy', () => handledBy('first') >= keys.length * 2);
        await consume<Numbered>(second, topic, group, handler('second'));
        await waitFor('the second member to take a share', () => handledBy('second') > 0, 30_000);
        const joined = rounds;
        await waitFor('more of the stream', () => rounds >= joined + 5);
      } finally {
        streaming = false;
        await stream;
      }
      await waitFor('the whole stream', () => log.length >= keys.length * rounds, 30_000);

      // Settled: each key now belongs to one member, and both members have keys.
      const settledFrom = log.length;
      for (let final = 0; final < 3; final++) await publishRound();
      await waitFor('the final rounds', () => log.length >= keys.length * rounds, 30_000);
      const owners = new Map<string, Set<string>>();
      for (const { consumer, message } of log.slice(settledFrom)) {
        owners.set(message.key, (owners.get(message.key) ?? new Set()).add(consumer));
      }
      expect([...owners.values()].filter((members) => members.size > 1)).toEqual([]);
      expect(new Set([...owners.values()].flatMap((members) => [...members]))).toEqual(new Set(['first', 'second']));

      // Both members healthy throughout: every message handled exactly once, each key in order.
      const handled = log.map(({ message }) => `${message.key}/${message.n}`);
      expect(handled.length - new Set(handled).size).toBe(0);
      expect(log.length).toBe(keys.length * rounds);
      for (const key of keys) because(key, () => expect(byKey(log.map((entry) => entry.message)).get(key)).toEqual(upTo(rounds)));
    }, 90_000);

    it('hands the partitions of a member that froze mid-stream to the survivor, redelivering only what it left unfinished', async () => {
      const [crashing, survivor] = [await openBus(), await openBus()];
      const topic = unique('takeover');
      const group = unique('workers');
      const keys = keysNamed('recipient', 16);
      const freeze = gate();
      gates.push(freeze.open);
      const completed: Numbered[] = [];
      const unfinished: Numbered[] = [];
      const bySurvivor: Numbered[] = [];
      let frozen = false;

      await consume<Numbered>(crashing, topic, group, async ({ value }) => {
        // Like a process killed mid-stream: from some message on, no handler ever returns.
        if (!frozen && completed.length >= 10) frozen = true;
        if (frozen) {
          unfinished.push(value);
          await freeze.wait;
          return;
        }
        completed.push(value);
      });
      await consume<Numbered>(survivor, topic, group, async ({ value }) => void bySurvivor.push(value));
      const rounds = 20;
      for (let n = 0; n < rounds; n++) {
        await survivor.publishBatch(topic, keys.map((key) => ({ key, value: { key, n } })));
        await delay(20);
      }

      const id = (message: Numbered): string => `${message.key}/${message.n}`;
      const handled = (): Set<string> => new Set([...completed, ...bySurvivor].map(id));
      await waitFor('every message to be handled', () => handled().size === keys.length * rounds, 45_000);

      expect(frozen).toBe(true);
      expect(unfinished.length).toBeGreaterThan(0);
      // Nothing the frozen member finished (and so committed) comes again; what it had in hand does.
      const finished = new Set(completed.map(id));
      expect(bySurvivor.filter((message) => finished.has(id(message)))).toEqual([]);
      expect(unfinished.filter((message) => !bySurvivor.some((other) => id(other) === id(message)))).toEqual([]);
      for (const key of keys) {
        const before = byKey(completed).get(key) ?? [];
        const after = byKey(bySurvivor).get(key) ?? [];
        // The survivor carries each key on from where the frozen member stopped, in order.
        because(key, () => expect(after).toEqual([...after].sort((a, b) => a - b)));
        because(key, () => expect([...before, ...new Set(after)]).toEqual(upTo(rounds)));
      }
    }, 90_000);

    it('resumes a group after its last committed message when it reconnects', async () => {
      const bus = await openBus();
      const topic = unique('resume');
      const group = unique('group');
      const first: number[] = [];
      const second: number[] = [];
      await bus.publishBatch(topic, upTo(5).map((n) => ({ key: 'k', value: { key: 'k', n } })));
      const consumer = await consume<Numbered>(bus, topic, group, async ({ value }) => void first.push(value.n));
      await waitFor('the first five', () => first.length === 5);
      await consumer.stop();

      await bus.publishBatch(topic, [5, 6, 7].map((n) => ({ key: 'k', value: { key: 'k', n } })));
      await consume<Numbered>(bus, topic, group, async ({ value }) => void second.push(value.n));

      await waitFor('the rest', () => second.includes(7));
      expect(second).toEqual([5, 6, 7]);
    });

    it('starts a new group at the end of the topic when fromBeginning is false', async () => {
      const bus = await openBus();
      const topic = unique('latest');
      const received: string[] = [];
      await bus.publishBatch(topic, upTo(5).map((n) => ({ key: 'k', value: `old-${n}` })));
      await consume<string>(bus, topic, unique('group'), async ({ value }) => void received.push(value), false);

      // Some brokers settle a new group's start position lazily; probe until it is live.
      for (let probe = 0; received.length === 0 && probe < 30; probe++) {
        await bus.publish(topic, 'k', `probe-${probe}`);
        await waitFor('a probe', () => received.length > 0, 1_000).catch(() => undefined);
      }
      await bus.publishBatch(topic, upTo(3).map((n) => ({ key: 'k', value: `new-${n}` })));

      await waitFor('the new messages', () => received.includes('new-2'));
      expect(received.filter((value) => value.startsWith('old-'))).toEqual([]);
      expect(received.filter((value) => value.startsWith('new-'))).toEqual(['new-0', 'new-1', 'new-2']);
    });

    it('publishes a batch whose messages all arrive, in order per key, with their headers', async () => {
      const bus = await openBus();
      const topic = unique('batch');
      const sent = numbered(keysNamed('key', 4), 10);
      const received: BusMessage<Numbered>[] = [];
      await bus.publishBatch(topic, sent.map((value) => ({ key: value.key, value, headers: { n: String(value.n) } })));

      await consume<Numbered>(bus, topic, unique('group'), async (message) => void received.push(message));

      await waitFor('the whole batch', () => received.length === sent.length);
      for (const [key, sequence] of byKey(received.map((m) => m.value))) {
        because(key, () => expect(sequence).toEqual(upTo(10)));
      }
      expect(received.every((message) => message.headers['n'] === String(message.value.n))).toBe(true);
    });

    it('stops only once the running handler has finished', async () => {
      const bus = await openBus();
      const topic = unique('stop');
      const finished: number[] = [];
      const started: number[] = [];
      const slow = gate();
      gates.push(slow.open);
      await bus.publish(topic, 'k', { key: 'k', n: 0 });
      const consumer = await consume<Numbered>(bus, topic, unique('group'), async ({ value }) => {
        started.push(value.n);
        await slow.wait;
        finished.push(value.n);
      });
      await waitFor('the handler to start', () => started.length === 1);

      let stopped = false;
      const stopping = consumer.stop().then(() => (stopped = true));
      await delay(100);
      expect(stopped).toBe(false);
      slow.open();
      await stopping;
      expect(finished).toEqual([0]);
    });

    describe('in batches', () => {
      const values = (batches: readonly (readonly BusMessage<Numbered>[])[]): Numbered[] =>
        batches.flatMap((batch) => batch.map((message) => message.value));
      const ns = (batch: readonly BusMessage<Numbered>[]): number[] => batch.map((message) => message.value.n);
      /** Why a batch breaks the port's promise, if it does: empty, or mixing partitions, or out of offset order. */
      const defect = (batch: readonly BusMessage[]): string | undefined => {
        if (batch.length === 0) return 'empty';
        if (batch.some((message) => message.partition !== batch[0]!.partition)) return 'mixes partitions';
        if (batch.some((message, i) => i > 0 && BigInt(message.offset) <= BigInt(batch[i - 1]!.offset))) return 'out of order';
        return undefined;
      };

      it('hands over batches of one partition each, in offset order, keeping each key’s order', async () => {
        const bus = await openBus();
        const topic = unique('batches');
        const keys = keysNamed('recipient', 24);
        const batches: BusMessage<Numbered>[][] = [];
        await bus.publishBatch(topic, numbered(keys, 10).map((value) => ({ key: value.key, value })));
        await consumeBatch<Numbered>(bus, topic, unique('workers'), async (batch) => void batches.push([...batch]));
        // More while it consumes: these come in whatever batches the stream makes.
        for (let n = 10; n < 20; n++) await bus.publishBatch(topic, keys.map((key) => ({ key, value: { key, n } })));

        await waitFor('every message', () => values(batches).length >= keys.length * 20);
        expect(batches.map(defect).filter(Boolean)).toEqual([]);
        const handled = values(batches).map((message) => `${message.key}/${message.n}`);
        expect(new Set(handled).size).toBe(handled.length);
        for (const key of keys) because(key, () => expect(byKey(values(batches)).get(key)).toEqual(upTo(20)));
        // What was waiting when the consumer started went over in batches, not one by one.
        expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
      });

      it('never hands over more than maxBatchSize, and does not wait to fill a batch', async () => {
        const bus = await openBus();
        const topic = unique('batch-size');
        const batches: BusMessage<Numbered>[][] = [];
        await bus.publishBatch(topic, upTo(50).map((n) => ({ key: 'k', value: { key: 'k', n } })));
        await consumeBatch<Numbered>(bus, topic, unique('group'), async (batch) => void batches.push([...batch]), {
          maxBatchSize: 7,
        });

        await waitFor('the fifty', () => values(batches).length === 50);
        expect(batches.map((batch) => batch.length).filter((size) => size > 7)).toEqual([]);
        expect(Math.max(...batches.map((batch) => batch.length))).toBe(7);
        expect(values(batches).map((message) => message.n)).toEqual(upTo(50));

        await bus.publish(topic, 'k', { key: 'k', n: 50 });
        await waitFor('the next message', () => values(batches).length === 51);
        expect(ns(batches[batches.length - 1]!)).toEqual([50]);
      });

      it('refuses a maxBatchSize no batch could honour', async () => {
        const bus = await openBus();
        const handler = async (): Promise<void> => undefined;
        for (const maxBatchSize of [0, -1, 2.5]) {
          await expect(bus.consumeBatch(unique('bad-size'), unique('group'), handler, { maxBatchSize })).rejects.toThrow(
            /maxBatchSize/,
          );
        }
      });

      it('commits a batch only after its handler resolved: a throwing handler gets the same batch again', async () => {
        const bus = await openBus();
        const topic = unique('batch-retry');
        const attempts: number[][] = [];
        let failed = false;
        await bus.publishBatch(topic, upTo(30).map((n) => ({ key: 'k', value: { key: 'k', n } })));

        await consumeBatch<Numbered>(
          bus,
          topic,
          unique('group'),
          async (batch) => {
            attempts.push(ns(batch));
            if (ns(batch).includes(12) && !failed) {
              failed = true;
              throw new Error('event store unavailable');
            }
          },
          { maxBatchSize: 10 },
        );

        await waitFor('the last message', () => attempts.some((batch) => batch.includes(29)));
        const failing = attempts.findIndex((batch) => batch.includes(12));
        expect(attempts[failing + 1]).toEqual(attempts[failing]);
        // Nothing lost, skipped or repeated besides the failed attempt.
        expect(attempts.filter((_, i) => i !== failing).flat()).toEqual(upTo(30));
      });

      it('gives the batch a stopped consumer left uncommitted to the next consumer of its group', async () => {
        const [first, second] = [await openBus(), await openBus()];
        const topic = unique('batch-handover');
        const group = unique('workers');
        const byFirst: number[][] = [];
        const bySecond: number[][] = [];
        await first.publishBatch(topic, upTo(5).map((n) => ({ key: 'k', value: { key: 'k', n } })));
        const stopping = await consumeBatch<Numbered>(first, topic, group, async (batch) => {
          byFirst.push(ns(batch));
          // From message 5 on this consumer cannot finish its work (its store is down, say).
          if (ns(batch).some((n) => n >= 5)) throw new Error('event store unavailable');
        });
        await waitFor('the first five', () => byFirst.flat().includes(4));
        await first.publishBatch(topic, [5, 6, 7, 8, 9].map((n) => ({ key: 'k', value: { key: 'k', n } })));
        await waitFor('a failed batch', () => byFirst.flat().includes(5));
        await stopping.stop();

        await consumeBatch<Numbered>(second, topic, group, async (batch) => void bySecond.push(ns(batch)));

        await waitFor('the rest', () => bySecond.flat().includes(9), 45_000);
        expect(byFirst.flat().filter((n) => n < 5)).toEqual(upTo(5));
        expect(bySecond.flat()).toEqual([5, 6, 7, 8, 9]);
      }, 90_000);

      it('redelivers the batch a consumer died in to the member that takes its partition, and nothing it committed', async () => {
        const [crashing, survivor] = [await openBus(), await openBus()];
        const topic = unique('batch-crash');
        const group = unique('workers');
        const hang = gate();
        gates.push(hang.open);
        await crashing.publishBatch(topic, upTo(10).map((n) => ({ key: 'k', value: { key: 'k', n } })));
        const beforeCrash: number[][] = [];
        const afterCrash: number[][] = [];
        const options = { maxBatchSize: 3 };

        const zombie = await consumeBatch<Numbered>(
          crashing,
          topic,
          group,
          async (batch) => {
            beforeCrash.push(ns(batch));
            if (ns(batch).includes(4)) await hang.wait; // hangs like a process that died mid-batch
          },
          options,
        );
        await waitFor('the crash', () => beforeCrash.flat().includes(4));
        const heir = await consumeBatch<Numbered>(survivor, topic, group, async (batch) => void afterCrash.push(ns(batch)), options);

        await waitFor('the survivor to finish the stream', () => afterCrash.flat().includes(9), 45_000);
        expect(beforeCrash).toEqual([[0, 1, 2], [3, 4, 5]]);
        expect(afterCrash.flat()).toEqual([3, 4, 5, 6, 7, 8, 9]);

        // The hung handler finally returns: its late commit must not move the group past what the survivor did.
        hang.open();
        await zombie.stop();
        await heir.stop();
        const later: number[] = [];
        await survivor.publish(topic, 'k', { key: 'k', n: 10 });
        await consumeBatch<Numbered>(survivor, topic, group, async (batch) => void later.push(...ns(batch)));
        await waitFor('the next message', () => later.includes(10), 45_000);
        expect(later).toEqual([10]);
      }, 90_000);

      it('delivers every message to every group consuming in batches', async () => {
        const bus = await openBus();
        const topic = unique('batch-fan-out');
        const sent = numbered(keysNamed('key', 6), 5);
        await bus.publishBatch(topic, sent.map((value) => ({ key: value.key, value })));
        const billing: BusMessage<Numbered>[][] = [];
        const audit: BusMessage<Numbered>[][] = [];

        await consumeBatch<Numbered>(bus, topic, unique('billing'), async (batch) => void billing.push([...batch]));
        await consumeBatch<Numbered>(bus, topic, unique('audit'), async (batch) => void audit.push([...batch]));

        await waitFor('both groups to receive everything', () => values(billing).length >= sent.length && values(audit).length >= sent.length);
        const ids = (messages: readonly Numbered[]): Set<string> => new Set(messages.map((m) => `${m.key}/${m.n}`));
        expect(ids(values(billing))).toEqual(ids(sent));
        expect(ids(values(audit))).toEqual(ids(sent));
      });

      it('stops only once the running batch handler has finished', async () => {
        const bus = await openBus();
        const topic = unique('batch-stop');
        const finished: number[][] = [];
        const slow = gate();
        gates.push(slow.open);
        await bus.publishBatch(topic, upTo(3).map((n) => ({ key: 'k', value: { key: 'k', n } })));
        let started = false;
        const consumer = await consumeBatch<Numbered>(bus, topic, unique('group'), async (batch) => {
          started = true;
          await slow.wait;
          finished.push(ns(batch));
        });
        await waitFor('the handler to start', () => started);

        let stopped = false;
        const stopping = consumer.stop().then(() => (stopped = true));
        await delay(100);
        expect(stopped).toBe(false);
        slow.open();
        await stopping;
        expect(finished).toEqual([upTo(3)]);
      });
    });
  });
}
