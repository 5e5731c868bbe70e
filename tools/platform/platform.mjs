#!/usr/bin/env node
// The platform's operators' command-line tool: `npm run platform -- <command> [options]`.
// It calls the platform API (/api/platform/) of a running server, embedded or distributed alike:
// PLATFORM_URL (default http://127.0.0.1:3000, the embedded default) and PLATFORM_API_KEY (the key the
// server was started with). Each command prints the server's answer as JSON; a refusal prints the
// server's message and exits 1, bad usage exits 2.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const USAGE = `Usage: npm run platform -- <command> [options]

Commands:
  list [--search <part of a name>] [--page <n>] [--page-size <n>]
      The organisations by name: state, feature permissions, users, customer groups, last activity.
  create-organisation --name <name> --admin-email <email> --admin-first-name <name> --admin-last-name <name>
                      [--permissions "<permission>,<permission>,..."] [--quotas "<CHANNEL>=<n>,..."]
      Provisions an organisation and its first admin, who is emailed a link to set a password.
  set-permissions <organisation id> --permissions "<permission>,<permission>,..."
      Sets the organisation's feature permissions to exactly these ("" for none).
  set-quotas <organisation id> --quotas "<CHANNEL>=<messages a day>,..."
      Sets the organisation's daily quotas to exactly these: channels SMS, VOICE, EMAIL, TEAMS, SLACK;
      a channel left out (or =none) has no limit ("" for no limits at all). A send that would go past
      a quota is refused with the numbers; its senders see today's use on Send Message.
  suspend <organisation id> [--reason <why>]
      Its users cannot sign in, their tokens and sockets are refused, scheduled sends are skipped; nothing is deleted.
  resume <organisation id>
      Everything works again.
  export <organisation id> [--out <file>]
      Streams the organisation's data (its events and read models' documents as JSON lines, in a zip) to a
      file, by default organisation-<id>.zip in the current directory; prints the file and its size.

Environment: PLATFORM_URL (default http://127.0.0.1:3000), PLATFORM_API_KEY (required).
Example:
  PLATFORM_API_KEY=... npm run platform -- create-organisation --name "Acme Water" \\
    --admin-email ada@acme.example --admin-first-name Ada --admin-last-name Lovelace --permissions "SMS,Voice" \\
    --quotas "SMS=5000,VOICE=500"
  PLATFORM_API_KEY=... npm run platform -- set-quotas <organisation id> --quotas "SMS=10000,EMAIL=none"`;

const OPTIONS = {
  name: { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-first-name': { type: 'string' },
  'admin-last-name': { type: 'string' },
  permissions: { type: 'string' },
  quotas: { type: 'string' },
  reason: { type: 'string' },
  search: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

function usage(problem) {
  if (problem) console.error(`platform: ${problem}\n`);
  console.error(USAGE);
  process.exit(2);
}

const permissionsOf = (text) => (text ?? '').split(',').map((name) => name.trim()).filter(Boolean);

/** "SMS=1000,EMAIL=none" as the API takes it: { SMS: 1000, EMAIL: null }; the server checks the channels and numbers. */
function quotasOf(text) {
  const quotas = {};
  for (const part of (text ?? '').split(',').map((each) => each.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]+)\s*=\s*(\S+)$/.exec(part);
    if (!match) usage(`--quotas: "${part}" is not <CHANNEL>=<messages a day> (or =none)`);
    const [, channel, value] = match;
    if (/^(none|unlimited)$/i.test(value)) quotas[channel.toUpperCase()] = null;
    else if (/^-?\d+(\.\d+)?$/.test(value)) quotas[channel.toUpperCase()] = Number(value);
    else usage(`--quotas: "${value}" is not a number of messages (or none)`);
  }
  return quotas;
}

function required(values, name) {
  const value = values[name];
  if (value === undefined || value.trim() === '') usage(`--${name} is required`);
  return value;
}

async function call(method, path, body = undefined) {
  const key = process.env.PLATFORM_API_KEY;
  if (!key) usage('PLATFORM_API_KEY is not set (the key the server was started with)');
  const base = (process.env.PLATFORM_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      // One key per run: a retry of this command by hand is a new request, a retry by fetch is not.
      headers: { Authorization: `Platform ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    console.error(`platform: could not reach ${base}: ${error.cause?.message ?? error.message}`);
    process.exit(1);
  }
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = { detail: text };
  }
  if (!response.ok) {
    console.error(`platform: ${response.status}: ${answer.detail ?? text}`);
    for (const [field, messages] of Object.entries(answer)) if (field !== 'detail') console.error(`  ${field}: ${[messages].flat().map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ')}`);
    process.exit(1);
  }
  console.log(JSON.stringify(answer, null, 2));
}

/** Streams an organisation's export to a file (a .part file, renamed once whole); prints where and how large. */
async function exportOrganisation(id, out) {
  const key = process.env.PLATFORM_API_KEY;
  if (!key) usage('PLATFORM_API_KEY is not set (the key the server was started with)');
  const base = (process.env.PLATFORM_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const file = resolve(out ?? `organisation-${id.replace(/[^\w.-]/g, '_')}.zip`);
  let response;
  try {
    response = await fetch(`${base}/api/platform/organisations/${encodeURIComponent(id)}/export/`, { headers: { Authorization: `Platform ${key}` } });
  } catch (error) {
    console.error(`platform: could not reach ${base}: ${error.cause?.message ?? error.message}`);
    process.exit(1);
  }
  if (!response.ok) {
    const text = await response.text();
    let detail = text;
    try {
      detail = JSON.parse(text).detail ?? text;
    } catch {
      // Not JSON (a proxy's page): its text is the message.
    }
    console.error(`platform: ${response.status}: ${detail}`);
    process.exit(1);
  }
  const part = `${file}.part`;
  try {
    await pipeline(Readable.fromWeb(response.body), createWriteStream(part));
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    console.error(`platform: the export was cut short (${error.cause?.message ?? error.message}); nothing was written to ${file}`);
    process.exit(1);
  }
  console.log(JSON.stringify({ file, bytes: (await stat(file)).size }, null, 2));
}

let parsed;
try {
  parsed = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true });
} catch (error) {
  usage(error.message);
}
const { values, positionals } = parsed;
const [command, ...rest] = positionals;
if (values.help || !command) usage();

switch (command) {
  case 'list': {
    if (rest.length) usage(`list takes no ${rest.join(' ')}`);
    const query = new URLSearchParams();
    if (values.search) query.set('search', values.search);
    if (values.page) query.set('page', values.page);
    if (values['page-size']) query.set('page_size', values['page-size']);
    await call('GET', `/api/platform/organisations/${query.size ? `?${query}` : ''}`);
    break;
  }
  case 'create-organisation':
    if (rest.length) usage(`create-organisation takes no ${rest.join(' ')}`);
    await call('POST', '/api/platform/organisations/', {
      name: required(values, 'name'),
      root_permissions: permissionsOf(values.permissions),
      quotas: quotasOf(values.quotas),
      admin: { email: required(values, 'admin-email'), first_name: required(values, 'admin-first-name'), last_name: required(values, 'admin-last-name') },
    });
    break;
  case 'set-permissions': {
    if (rest.length !== 1) usage('set-permissions takes the organisation id');
    if (values.permissions === undefined) usage('--permissions is required ("" for none)');
    await call('PUT', `/api/platform/organisations/${encodeURIComponent(rest[0])}/permissions/`, { root_permissions: permissionsOf(values.permissions) });
    break;
  }
  case 'set-quotas': {
    if (rest.length !== 1) usage('set-quotas takes the organisation id');
    if (values.quotas === undefined) usage('--quotas is required ("" for no limits)');
    await call('PUT', `/api/platform/organisations/${encodeURIComponent(rest[0])}/quotas/`, { quotas: quotasOf(values.quotas) });
    break;
  }
  case 'suspend':
  case 'resume':
    if (rest.length !== 1) usage(`${command} takes the organisation id`);
    await call('POST', `/api/platform/organisations/${encodeURIComponent(rest[0])}/${command}/`, command === 'suspend' ? { reason: values.reason ?? '' } : {});
    break;
  case 'export':
    if (rest.length !== 1) usage('export takes the organisation id');
    await exportOrganisation(rest[0], values.out);
    break;
  default:
    usage(`unknown command ${command}`);
}
