#!/usr/bin/env node
// The platform's operators' command-line tool: `npm run platform -- <command> [options]`.
// It calls the platform API (/api/platform/) of a running server, embedded or distributed alike:
// PLATFORM_URL (default http://127.0.0.1:3000, the embedded default) and PLATFORM_API_KEY (the key the
// server was started with). Each command prints the server's answer as JSON; a refusal prints the
// server's message and exits 1, bad usage exits 2.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run platform -- <command> [options]

Commands:
  list [--search <part of a name>] [--page <n>] [--page-size <n>]
      The organisations by name: state, feature permissions, users, customer groups, last activity.
  create-organisation --name <name> --admin-email <email> --admin-first-name <name> --admin-last-name <name>
                      [--permissions "<permission>,<permission>,..."]
      Provisions an organisation and its first admin, who is emailed a link to set a password.
  set-permissions <organisation id> --permissions "<permission>,<permission>,..."
      Sets the organisation's feature permissions to exactly these ("" for none).
  suspend <organisation id> [--reason <why>]
      Its users cannot sign in, their tokens and sockets are refused, scheduled sends are skipped; nothing is deleted.
  resume <organisation id>
      Everything works again.

Environment: PLATFORM_URL (default http://127.0.0.1:3000), PLATFORM_API_KEY (required).
Example:
  PLATFORM_API_KEY=... npm run platform -- create-organisation --name "Acme Water" \\
    --admin-email ada@acme.example --admin-first-name Ada --admin-last-name Lovelace --permissions "SMS,Voice"`;

const OPTIONS = {
  name: { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-first-name': { type: 'string' },
  'admin-last-name': { type: 'string' },
  permissions: { type: 'string' },
  reason: { type: 'string' },
  search: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

function usage(problem) {
  if (problem) console.error(`platform: ${problem}\n`);
  console.error(USAGE);
  process.exit(2);
}

const permissionsOf = (text) => (text ?? '').split(',').map((name) => name.trim()).filter(Boolean);

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
      admin: { email: required(values, 'admin-email'), first_name: required(values, 'admin-first-name'), last_name: required(values, 'admin-last-name') },
    });
    break;
  case 'set-permissions': {
    if (rest.length !== 1) usage('set-permissions takes the organisation id');
    if (values.permissions === undefined) usage('--permissions is required ("" for none)');
    await call('PUT', `/api/platform/organisations/${encodeURIComponent(rest[0])}/permissions/`, { root_permissions: permissionsOf(values.permissions) });
    break;
  }
  case 'suspend':
  case 'resume':
    if (rest.length !== 1) usage(`${command} takes the organisation id`);
    await call('POST', `/api/platform/organisations/${encodeURIComponent(rest[0])}/${command}/`, command === 'suspend' ? { reason: values.reason ?? '' } : {});
    break;
  default:
    usage(`unknown command ${command}`);
}
