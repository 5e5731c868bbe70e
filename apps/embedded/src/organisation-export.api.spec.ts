import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import request from 'supertest';
import { DEMO_ROOT_ID } from '@beacon/command-api';
import type { OrganisationPageDto, OrganisationProvisionedDto, OrganisationSummaryDto } from '@beacon/contracts';
import { PLATFORM_API_OFF, PLATFORM_KEY_REQUIRED } from '@beacon/platform';
import { binary } from './testing/binary-body';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createUser } from './testing/users';

/**
 * The platform's operators' export of an organisation (issue: organisations): a zip of its events and its read
 * models' documents, streamed, holding that organisation's data and none of another's; and its size in the list.
 */
const KEY = randomBytes(32).toString('hex');
const NO_SUCH_ORGANISATION = 'No organisation has this id.';
const TOOL = join(__dirname, '..', '..', '..', 'tools', 'platform', 'platform.mjs');

let app: TestApp;

const platform = (method: 'get' | 'post', path: string, key = KEY) => request(app.url)[method](path).set('Authorization', `Platform ${key}`);
const unique = () => randomUUID().slice(0, 8);

interface Organisation {
  readonly made: OrganisationProvisionedDto;
  readonly adminEmail: string;
  /** A user made in it, and a child group they made through the tenant API. */
  readonly userEmail: string;
  readonly childId: string;
  /** The position of its last write. */
  readonly position: string;
}

/** Provisions an organisation, then a user of it makes a child group through the tenant API. */
async function organisationWithData(name: string): Promise<Organisation> {
  const adminEmail = `founder-${unique()}@${name.toLowerCase().replace(/\W+/g, '-')}.test`;
  const made = (
    await platform('post', '/api/platform/organisations/')
      .send({ name, root_permissions: ['SMS'], admin: { email: adminEmail, first_name: 'Ada', last_name: 'Founder' } })
      .expect(201)
  ).body as OrganisationProvisionedDto;
  const user = await createUser(app, { rootId: made.id, role: 'ADMIN' });
  const token = await eventually(() => login(app, user.email, user.password));
  const child = await request(app.url).post('/api/customer_group/').set(auth(token)).send({ name: `Depot of ${name}`, parent: made.id }).expect(201);
  return { made, adminEmail, userEmail: user.email, childId: (child.body as { id: string }).id, position: child.headers['x-event-position']! };
}

interface Unzipped {
  readonly names: string[];
  readonly text: (name: string) => Promise<string>;
  readonly lines: (name: string) => Promise<Record<string, unknown>[]>;
}

async function unzip(bytes: Buffer): Promise<Unzipped> {
  const zip = await JSZip.loadAsync(bytes);
  const text = async (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`${name} is not in the export`);
    return file.async('string');
  };
  return {
    names: Object.keys(zip.files).filter((name) => !zip.files[name]!.dir),
    text,
    lines: async (name) => (await text(name)).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const exportOf = (id: string, position?: string) => {
  const call = platform('get', `/api/platform/organisations/${id}/export/`);
  return (position ? call.set('X-Read-Position', position) : call).buffer(true).parse(binary);
};

async function listed(name: string, position?: string): Promise<OrganisationSummaryDto> {
  const call = platform('get', '/api/platform/organisations/').query({ search: name });
  const page = (await (position ? call.set('X-Read-Position', position) : call).expect(200)).body as OrganisationPageDto;
  expect(page.count).toBe(1);
  return page.results[0]!;
}

let first: Organisation;
let second: Organisation;

beforeAll(async () => {
  app = await startTestApp({ PLATFORM_API_KEY: KEY });
  const tag = unique();
  first = await organisationWithData(`Acme Export ${tag}`);
  second = await organisationWithData(`Brine Export ${tag}`);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("an organisation's export", () => {
  it("is a zip of that organisation's events and documents, with a manifest that counts them, and nothing of another organisation's", async () => {
    const answer = await exportOf(first.made.id, second.position).expect(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="organisation-${first.made.id}-${new Date().toISOString().slice(0, 10)}.zip"`);
    const zip = await unzip(answer.body as Buffer);

    const events = await zip.lines('events.jsonl');
    expect(events.every((event) => (event.metadata as { tenantId?: string }).tenantId === first.made.id)).toBe(true);
    const types = events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['OrganisationNameClaimed', 'CustomerGroupCreated', 'UserRegistered']));
    expect(events.filter((event) => event.type === 'CustomerGroupCreated').map((event) => (event.data as { customerGroupId: string }).customerGroupId)).toEqual([first.made.id, first.childId]);
    const positions = events.map((event) => event.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(Object.keys(events[0]!).sort()).toEqual(['data', 'id', 'metadata', 'position', 'recorded_at', 'revision', 'stream', 'type']);

    const users = await zip.lines('documents/users.jsonl');
    expect(users.map((user) => user.email).sort()).toEqual([first.adminEmail, first.userEmail].sort());
    expect((await zip.lines('documents/customer_groups.jsonl')).map((group) => group._id).sort()).toEqual([first.made.id, first.childId].sort());

    // Nothing of the second organisation (nor of the demo one) anywhere in it.
    for (const name of zip.names) {
      const text = await zip.text(name);
      for (const foreign of [second.made.id, second.made.name, second.adminEmail, second.userEmail, second.childId, DEMO_ROOT_ID, 'admin@demo.test']) expect(text).not.toContain(foreign);
    }

    const manifest = JSON.parse(await zip.text('manifest.json')) as { organisation: unknown; event_position: number; files: Record<string, number>; left_out: string[] };
    expect(manifest.organisation).toEqual({ id: first.made.id, name: first.made.name });
    expect(manifest.event_position).toBeGreaterThanOrEqual(Math.max(...positions));
    expect(Object.keys(manifest.files).sort()).toEqual(zip.names.filter((name) => name !== 'manifest.json').sort());
    for (const [name, count] of Object.entries(manifest.files)) expect([name, (await zip.lines(name)).length]).toEqual([name, count]);
    expect(manifest.left_out.join(' ')).toMatch(/password hashes/);
  });

  it('answers 404 for what is no organisation, before streaming anything, and never 500 for a hostile id', async () => {
    for (const id of [randomUUID(), '__proto__', 'constructor', first.childId, 'x'.repeat(300), encodeURIComponent("' OR 1=1 --")]) {
      const refused = await platform('get', `/api/platform/organisations/${id}/export/`).expect(404);
      expect([id, refused.headers['content-type']]).toEqual([id, expect.stringMatching(/^application\/json/)]);
      expect(refused.body).toEqual({ detail: NO_SUCH_ORGANISATION });
    }
    const malformed = await platform('get', '/api/platform/organisations/%E0%A4%A/export/');
    expect([malformed.status, malformed.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/json/)]);
  });

  it("takes only the platform key: a tenant admin's token is refused, and the platform key is no tenant token", async () => {
    const admin = await login(app, 'admin@demo.test');
    const withToken = await request(app.url).get(`/api/platform/organisations/${first.made.id}/export/`).set(auth(admin)).expect(401);
    expect(withToken.body.detail).toBe(PLATFORM_KEY_REQUIRED);
    await request(app.url).get(`/api/platform/organisations/${first.made.id}/export/`).expect(401);
    await platform('get', `/api/platform/organisations/${first.made.id}/export/`, randomBytes(32).toString('hex')).expect(401);
  });

  it('is off while no PLATFORM_API_KEY is set', async () => {
    const off = await startTestApp();
    try {
      const answer = await request(off.url).get(`/api/platform/organisations/${randomUUID()}/export/`).set('Authorization', `Platform ${KEY}`).expect(404);
      expect(answer.body.detail).toBe(PLATFORM_API_OFF);
    } finally {
      await off.close();
    }
  });
});

describe('the size of an organisation in the list', () => {
  it('is how many events it holds, as many as its export has, and it grows', async () => {
    const before = await listed(first.made.name, second.position);
    const secondBefore = await listed(second.made.name);
    const exported = await unzip((await exportOf(first.made.id).expect(200)).body as Buffer);
    expect(before.events).toBeGreaterThan(0);
    expect(before.events).toBe((await exported.lines('events.jsonl')).length);

    await createUser(app, { rootId: first.made.id });
    const after = await eventually(async () => {
      const now = await listed(first.made.name);
      if (now.events <= before.events) throw new Error('not counted yet');
      return now;
    });
    expect(after.events).toBeGreaterThan(before.events);
    // Another organisation's events are not counted in its size.
    expect((await listed(second.made.name)).events).toBe(secondBefore.events);
  });
});

describe('npm run platform -- export', () => {
  const run = (args: string[], cwd: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [TOOL, ...args], { cwd, env: { ...process.env, PLATFORM_URL: app.url, PLATFORM_API_KEY: KEY } }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('streams the zip to a file, says where and how large, and says why when refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'beacon-platform-export-'));
    try {
      const out = join(dir, 'acme.zip');
      const written = await run(['export', first.made.id, '--out', out], dir);
      expect([written.code, written.stderr]).toEqual([0, '']);
      expect(JSON.parse(written.stdout)).toEqual({ file: out, bytes: statSync(out).size });
      const zip = await unzip(readFileSync(out));
      expect(JSON.parse(await zip.text('manifest.json'))).toMatchObject({ organisation: { id: first.made.id } });

      // By default into the current directory, named after the organisation.
      const byDefault = await run(['export', second.made.id], dir);
      expect(byDefault.code).toBe(0);
      const file = join(dir, `organisation-${second.made.id}.zip`);
      expect(JSON.parse(byDefault.stdout)).toEqual({ file, bytes: statSync(file).size });

      const unknown = await run(['export', randomUUID(), '--out', join(dir, 'none.zip')], dir);
      expect([unknown.code, unknown.stderr.trim()]).toEqual([1, `platform: 404: ${NO_SUCH_ORGANISATION}`]);
      expect(existsSync(join(dir, 'none.zip'))).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(['acme.zip', `organisation-${second.made.id}.zip`].sort());
      expect((await run(['export'], dir)).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
