#!/usr/bin/env node
// `npm run infra:up` starts the local Kafka broker and FerretDB (a MongoDB-wire server) for
// development and tests, and writes the connection settings they chose to .infra.env in the repo
// root (ignored by git). `npm run infra:down` stops both and removes the file.
//
//   node tools/infra/infra.mjs up|down|status
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const envFile = join(root, '.infra.env');
const services = [
  { name: 'kafka', script: join(import.meta.dirname, 'kafka.mjs'), variable: 'KAFKA_BROKERS' },
  { name: 'ferretdb', script: join(import.meta.dirname, 'ferretdb.mjs'), variable: 'MONGO_URL' },
];

function run(service, command) {
  const result = spawnSync(process.execPath, [service.script, command], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  return { status: result.status ?? 1, stdout: result.stdout ?? '' };
}

function up() {
  const lines = [];
  for (const service of services) {
    const { status, stdout } = run(service, 'start');
    const setting = stdout.trim().split('\n').pop() ?? '';
    if (status !== 0 || !setting.startsWith(`${service.variable}=`)) {
      console.error(`infra: ${service.name} did not start (exit ${status})`);
      process.exit(1);
    }
    lines.push(setting);
  }
  writeFileSync(envFile, `# Written by npm run infra:up; removed by npm run infra:down.\n${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  console.log(`infra: settings written to ${envFile}`);
}

function down() {
  let failed = false;
  for (const service of services) failed = run(service, 'stop').status !== 0 || failed;
  rmSync(envFile, { force: true });
  if (failed) process.exit(1);
}

function status() {
  let down = false;
  for (const service of services) {
    const { status: code, stdout } = run(service, 'status');
    console.log(`${service.name}: ${code === 0 ? 'running' : 'not running'}${stdout.trim() ? ` ${stdout.trim()}` : ''}`);
    down = down || code !== 0;
  }
  process.exit(down ? 3 : 0);
}

const commands = { up, down, status };
const command = commands[process.argv[2]];
if (!command) {
  console.error('usage: node tools/infra/infra.mjs up|down|status');
  process.exit(2);
}
command();
