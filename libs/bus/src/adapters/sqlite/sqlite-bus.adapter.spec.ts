import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Consumer } from '../../bus';
import { runBusContract } from '../../testing/bus.contract';
import { delay, waitFor } from '../../testing/wait-for';
import { SqliteBus } from './sqlite-bus.adapter';

const dir = mkdtempSync(join(tmpdir(), 'bus-sqlite-'));
const path = join(dir, 'bus.sqlite');
const unexpectedErrors: string[] = [];
// Handler failures are part of the contract; anything else reported in the background is a defect.
const collect = (error: unknown, context: string): void => {
  if (!context.startsWith('handler failed')) unexpectedErrors.push(`${context}: ${String(error)}`);
};
const LEASE_MS = 1_000;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  expect(unexpectedErrors).toEqual([]);
});

runBusContract('sqlite', async () =>
  SqliteBus.open({ path, leaseMs: LEASE_MS, pollMs: 20, maxProcessingMs: 1_000, onError: collect }),
);

interface ChildReport {
  readonly type: 'ready' | 'handling' | 'published' | 'error';
  readonly partition?: number;
  readonly offset?: number;
  readonly n?: number;
  readonly message?: string;
}

interface Child {
  readonly process: ChildProcess;
  readonly reports: ChildReport[];
  readonly exited: Promise<void>;
}

describe('sqlite bus group membership', () => {
  const library = resolve(__dirname, '../../..');
  const fixture = join(library, 'src/testing/fixtures/sqlite-bus-process.cjs');
  const children: Child[] = [];
  const consumers: Consumer[] = [];
  const buses: SqliteBus[] = [];
  let db: Database.Database;

  const build = join(dir, 'dist');

  beforeAll(() => {
    // The child process runs the compiled library. It is built privately, not into libs/bus/dist,
    // so a concurrent build of the workspace cannot hand the child half-written files.
    const tsc = createRequire(__filename).resolve('typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [tsc, '-p', join(library, 'tsconfig.build.json'), '--outDir', build, '--declaration', 'false', '--sourceMap', 'false'],
      { stdio: 'pipe' },
    );
    db = new Database(path);
  }, 120_000);

  afterEach(async () => {
    for (const child of children.splice(0)) child.process.kill('SIGKILL');
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  afterAll(() => {
    db?.close();
  });

  const spawn = (task: Record<string, unknown>): Child => {
    const child = fork(fixture, [JSON.stringify({ library: build, path, leaseMs: LEASE_MS, ...task })], {
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
  const openBus = (): SqliteBus => {
    const bus = SqliteBus.open({ path, leaseMs: LEASE_MS, pollMs: 20, onError: collect });
    buses.push(bus);
    return bus;
  };
  const leaseOwners = (group: string, topic: string): number[] =>
    db
      .prepare<[string, string, number], { partitions: number }>(
        `SELECT COUNT(*) AS partitions FROM bus_leases WHERE grp = ? AND topic = ? AND expires_at > ?
         GROUP BY owner ORDER BY partitions`,
      )
      .all(group, topic, Date.now())
      .map((row) => row.partitions);
  const ready = (child: Child): Promise<void> =>
    waitFor('the child process', () => {
      const error = child.reports.find((report) => report.type === 'error');
      if (error) throw new Error(`child failed: ${error.message}`);
      return child.reports.some((report) => report.type === 'ready');
    });

  it('splits partitions between consumers of one bus and hands them back at once when one stops', async () => {
    const topic = `local-${Date.now()}`;
    const group = 'dispatch';
    // Default 5 s lease (1 s heartbeat): the hand-over below must not wait for either.
    const bus = SqliteBus.open({ path, onError: collect });
    buses.push(bus);
    const handle = async (): Promise<void> => undefined;
    consumers.push(await bus.consume(topic, group, handle));
    const leaving = await bus.consume(topic, group, handle);
    await waitFor('a fair split', () => leaseOwners(group, topic).join() === '4,4', 500);

    await leaving.stop();

    await waitFor('the remaining consumer to own all 8', () => leaseOwners(group, topic).join() === '8', 500);
  });

  it('splits a group’s partitions with a consumer in another process and takes over when that process is killed', async () => {
    const topic = `cross-${Date.now()}`;
    const group = 'dispatch';
    const bus = openBus();
    const handled: { readonly partition: number; readonly offset: number; readonly afterKill: boolean }[] = [];
    let killed = false;
    consumers.push(
      await bus.consume(topic, group, async (message) => {
        handled.push({ partition: message.partition, offset: Number(message.offset), afterKill: killed });
        await delay(5);
      }),
    );
    const child = spawn({ mode: 'consume', topic, group, handleMs: 30 });
    await ready(child);

    await waitFor('a fair split of the 8 partitions', () => leaseOwners(group, topic).join() === '4,4', 10_000);
    await bus.publishBatch(topic, Array.from({ length: 320 }, (_, n) => ({ key: `key-${n % 32}`, value: { n } })));
    const childHandled = (): ChildReport[] => child.reports.filter((report) => report.type === 'handling');
    await waitFor('the child to be mid-stream', () => childHandled().length >= 20);
    child.process.kill('SIGKILL');
    killed = true;
    await child.exited;
    const committed = new Map(
      db
        .prepare<[string, string], { partition_no: number; next_position: number }>(
          'SELECT partition_no, next_position FROM bus_offsets WHERE grp = ? AND topic = ?',
        )
        .all(group, topic)
        .map((row) => [row.partition_no, row.next_position]),
    );

    const everyOffset = (): Set<string> =>
      new Set([...childHandled(), ...handled].map((entry) => `${entry.partition}/${entry.offset}`));
    await waitFor('every message to be handled', () => everyOffset().size === 320, 20_000);
    await waitFor('the survivor to own every partition', () => leaseOwners(group, topic).join() === '8', 10_000);

    const childPartitions = new Set(childHandled().map((report) => report.partition!));
    const parentPartitionsBeforeKill = new Set(handled.filter((entry) => !entry.afterKill).map((entry) => entry.partition));
    expect(childPartitions.size).toBe(4);
    expect(parentPartitionsBeforeKill.size).toBe(4);
    expect([...childPartitions].filter((partition) => parentPartitionsBeforeKill.has(partition))).toEqual([]);

    let redeliveredInFlight = 0;
    for (const partition of childPartitions) {
      const start = committed.get(partition)!;
      const byChild = childHandled().filter((report) => report.partition === partition).map((report) => report.offset!);
      const bySurvivor = handled.filter((entry) => entry.partition === partition).map((entry) => entry.offset);
      // Nothing the child committed comes again; the survivor carries on from exactly there.
      expect(bySurvivor[0]).toBe(start);
      expect(bySurvivor).toEqual(Array.from({ length: bySurvivor.length }, (_, i) => start + i));
      expect(byChild.filter((offset) => offset < start)).toEqual(Array.from({ length: start }, (_, i) => i));
      if (Math.max(...byChild) >= start) redeliveredInFlight++;
    }
    expect(redeliveredInFlight).toBeGreaterThan(0);
  }, 60_000);

  it('keeps every publish that resolved before the publishing process was killed', async () => {
    const topic = `durable-${Date.now()}`;
    const child = spawn({ mode: 'publish', topic });
    await ready(child);
    const confirmed = (): number[] => child.reports.filter((report) => report.type === 'published').map((report) => report.n!);
    await waitFor('some confirmed publishes', () => confirmed().length >= 100);
    child.process.kill('SIGKILL');
    await child.exited;

    const seen = new Set<number>();
    consumers.push(await openBus().consume<{ n: number }>(topic, 'audit', async ({ value }) => void seen.add(value.n)));

    await waitFor('every confirmed message', () => confirmed().every((n) => seen.has(n)));
  }, 60_000);
});
