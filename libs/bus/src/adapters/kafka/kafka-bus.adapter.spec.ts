import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planProductionServerNow, type ProductionServer } from '@beacon/testing';
import { AssignerProtocol, Kafka, logLevel, type Admin } from 'kafkajs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { BusUnavailableError } from '../../bus';
import { runBusContract } from '../../testing/bus.contract';
import { delay, waitFor } from '../../testing/wait-for';
import { KafkaBus } from './kafka-bus.adapter';

/** Group timings that keep the tests quick: a dead member is dropped after 6 s (the broker's minimum). */
const QUICK_GROUPS = { sessionTimeoutMs: 6_000, heartbeatIntervalMs: 500, rebalanceTimeoutMs: 10_000, fetchMaxWaitMs: 250 };

describe('KafkaBus without a reachable cluster', () => {
  it('fails to connect with BusUnavailableError', async () => {
    const connecting = KafkaBus.connect({
      brokers: ['127.0.0.1:1'],
      clientId: 'bus-unreachable',
      logLevel: logLevel.NOTHING,
    });

    await expect(connecting).rejects.toBeInstanceOf(BusUnavailableError);
    await expect(connecting).rejects.toThrow(/ECONNREFUSED/);
  }, 30_000);
});

const upTo = (count: number): number[] => Array.from({ length: count }, (_, n) => n);

interface ChildReport {
  readonly type: 'ready' | 'handling' | 'error';
  readonly partition?: number;
  readonly offset?: number;
  readonly message?: string;
}

interface Child {
  readonly process: ChildProcess;
  readonly reports: ChildReport[];
  readonly exited: Promise<void>;
}

/**
 * KAFKA_BROKERS when set, else a testcontainers Kafka when a Docker engine answers, else one skip line and
 * both suites skipped.
 */
describe('KafkaBus against a broker', () => {
  const plan = planProductionServerNow('kafka');
  if ('skip' in plan) console.log(plan.skip);
  const skipped = 'skip' in plan;
  let server: ProductionServer | undefined;
  let brokers: string[] = [];

  beforeAll(async () => {
    if ('skip' in plan) return;
    server = await plan.start();
    brokers = server.url.split(',').map((broker) => broker.trim()).filter(Boolean);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  (skipped ? describe.skip : describe)('kafka', () => {
    // Short sessions (the broker's minimum is 6 s) so the crash test's dead member is dropped quickly.
    runBusContract('kafka', () => KafkaBus.connect({ brokers, clientId: 'bus-contract', ...QUICK_GROUPS }));
  });

  (skipped ? describe.skip : describe)('kafka bus group membership across processes', () => {
    const library = resolve(__dirname, '../../..');
    const fixture = join(library, 'src/testing/fixtures/kafka-bus-process.cjs');
    // Made in beforeAll, which a skipped suite does not run (nor its afterAll that removes them).
    let dir = '';
    let build = '';
    const children: Child[] = [];
    const buses: KafkaBus[] = [];
    let admin: Admin;

    beforeAll(async () => {
      // The child process runs the compiled library. It is built privately, not into libs/bus/dist,
      // so a concurrent build of the workspace cannot hand the child half-written files.
      dir = mkdtempSync(join(tmpdir(), 'bus-kafka-'));
      build = join(dir, 'dist');
      const tsc = createRequire(__filename).resolve('typescript/bin/tsc');
      execFileSync(
        process.execPath,
        [tsc, '-p', join(library, 'tsconfig.build.json'), '--outDir', build, '--declaration', 'false', '--sourceMap', 'false'],
        { stdio: 'pipe' },
      );
      admin = new Kafka({ brokers, clientId: 'bus-observer', logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
    }, 120_000);

    afterEach(async () => {
      for (const child of children.splice(0)) child.process.kill('SIGKILL');
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    afterAll(async () => {
      await admin?.disconnect();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const spawn = (task: Record<string, unknown>): Child => {
      const child = fork(fixture, [JSON.stringify({ library: build, brokers, options: QUICK_GROUPS, ...task })], {
        stdio: 'inherit',
        // The build lives outside the workspace, so point its requires at the workspace's packages.
        env: { ...process.env, NODE_PATH: join(library, '../../node_modules') },
      });
      const reports: ChildReport[] = [];
      child.on('message', (report) => reports.push(report as ChildReport));
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      const spawned = { process: child, reports, exited };
      children.push(spawned);
      return spawned;
    };
    const ready = (child: Child): Promise<void> =>
      waitFor(
        'the child process',
        () => {
          const error = child.reports.find((report) => report.type === 'error');
          if (error) throw new Error(`child failed: ${error.message}`);
          return child.reports.some((report) => report.type === 'ready');
        },
        60_000,
      );

    /** The partitions of `topic` each member of `group` holds, by the member's client id. */
    const assignments = async (group: string, topic: string): Promise<Map<string, number[]>> => {
      const { groups } = await admin.describeGroups([group]);
      const held = new Map<string, number[]>();
      for (const member of groups[0]?.members ?? []) {
        const decoded = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
        const partitions = [...(held.get(member.clientId) ?? []), ...(decoded?.assignment[topic] ?? [])];
        held.set(member.clientId, partitions.sort((a, b) => a - b));
      }
      return held;
    };

    it('splits a group’s partitions with a consumer in another process and takes over when that process is killed', async () => {
      const topic = `cross-${randomUUID().slice(0, 8)}`;
      const group = `dispatch-${randomUUID().slice(0, 8)}`;
      const bus = await KafkaBus.connect({ brokers, clientId: 'bus-parent', ...QUICK_GROUPS });
      buses.push(bus);
      const handled: { readonly partition: number; readonly offset: number; readonly afterKill: boolean }[] = [];
      let killed = false;
      await bus.consume(topic, group, async (message) => {
        handled.push({ partition: message.partition, offset: Number(message.offset), afterKill: killed });
        await delay(5);
      });
      const child = spawn({ topic, group, handleMs: 30 });
      // Its consume resolves once the group has settled with both members, each with its share.
      await ready(child);
      const split = await assignments(group, topic);
      const childPartitions = split.get('bus-child') ?? [];
      const parentPartitions = split.get('bus-parent') ?? [];
      expect(childPartitions).toHaveLength(4);
      expect(parentPartitions).toHaveLength(4);
      expect(childPartitions.filter((partition) => parentPartitions.includes(partition))).toEqual([]);

      // 64 keys spread over all 8 partitions (the default partitioner hashes the key).
      await bus.publishBatch(topic, Array.from({ length: 320 }, (_, n) => ({ key: `key-${n % 64}`, value: { n } })));
      const childHandled = (): ChildReport[] => child.reports.filter((report) => report.type === 'handling');
      await waitFor('the child to be mid-stream', () => childHandled().length >= 20);
      child.process.kill('SIGKILL');
      killed = true;
      await child.exited;
      // The dead child commits nothing more: this is where its partitions resume.
      const [offsets] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
      const committed = new Map(offsets!.partitions.map(({ partition, offset }) => [partition, Math.max(0, Number(offset))]));

      const everyOffset = (): Set<string> =>
        new Set([...childHandled(), ...handled].map((entry) => `${entry.partition}/${entry.offset}`));
      // The broker drops the dead member when its 6 s session lapses, then the group rebalances.
      await waitFor('every message to be handled', () => everyOffset().size === 320, 30_000);

      // Each handled only its own share while both were alive; the survivor holds everything now.
      expect(childHandled().filter((report) => !childPartitions.includes(report.partition!))).toEqual([]);
      const parentBeforeKill = handled.filter((entry) => !entry.afterKill);
      expect(parentBeforeKill.filter((entry) => !parentPartitions.includes(entry.partition))).toEqual([]);
      expect((await assignments(group, topic)).get('bus-parent')).toEqual(upTo(8));

      let redeliveredInFlight = 0;
      for (const partition of childPartitions) {
        const start = committed.get(partition) ?? 0;
        const byChild = childHandled().filter((report) => report.partition === partition).map((report) => report.offset!);
        const bySurvivor = handled.filter((entry) => entry.partition === partition).map((entry) => entry.offset);
        // Nothing the child committed comes again; the survivor carries on from exactly there.
        expect(bySurvivor[0]).toBe(start);
        expect(bySurvivor).toEqual(Array.from({ length: bySurvivor.length }, (_, i) => start + i));
        expect(byChild.filter((offset) => offset < start)).toEqual(Array.from({ length: start }, (_, i) => i));
        if (byChild.length > 0 && Math.max(...byChild) >= start) redeliveredInFlight++;
      }
      expect(redeliveredInFlight).toBeGreaterThan(0);
    }, 90_000);
  });
});
