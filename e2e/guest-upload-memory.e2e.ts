import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiLogin, newDataDir, startAppProcess, type AppProcess } from './support/app-process';

const MB = 1024 * 1024;
const UPLOADS = 40;
const FILE_BYTES = 10 * MB - 64 * 1024;
/** What 40 uploads of 10 MB may add to the server's memory at most; held whole, they would add 400 MB. */
const MAX_RSS_GROWTH_BYTES = 100 * MB;

/**
 * Guest uploads are streamed to storage, never held whole: the server, in its own process (so that
 * nothing of the test runner or the client counts), grows by far less than what it is sent at once.
 */
let server: AppProcess;
const dataDir = newDataDir();
let subdomain: string;

/** The server's resident memory now (VmRSS) or at its peak since the last reset (VmHWM), from /proc. */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith(`${field}:`));
  if (!line) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(/(\d+) kB/.exec(line)![1]) * 1024;
}

/** Resets VmHWM to the current VmRSS (Linux: 5 to clear_refs); false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function post<T>(path: string, key: string, body: object): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${key}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A public template whose form has an attachment field: what guests upload to. */
async function publicTemplate(key: string): Promise<string> {
  const photos = await post<{ id: string }>('/api/incidents/field/', key, { label: 'Photos', field_type: 'ATTACHMENT' });
  const form = await post<{ id: string }>('/api/incidents/form/', key, { name: 'Flood report' });
  await post('/api/incidents/field_group/', key, { title: 'Details', form: form.id, form_field_mappings: [{ field: photos.id, is_required: false }] });
  const name = `river-${Math.random().toString(36).slice(2, 10)}`;
  await post('/api/incidents/incident_template/', key, { data: { name: 'Flood report template', form: form.id, incident_title: 'River flood', subdomain: name } });
  return name;
}

const bytes = Buffer.alloc(FILE_BYTES, 7);

function guestUpload(): Promise<Response> {
  const form = new FormData();
  form.set('file_data', JSON.stringify({ subdomain }));
  form.set('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${server.url}/api/incidents/upload_attachment_from_template/`, { method: 'POST', body: form });
}

beforeAll(async () => {
  // Limits high enough for one address to send everything at once: this measures memory, not the limits.
  server = await startAppProcess('embedded', dataDir, { GUEST_UPLOADS_PER_MINUTE: '1000', GUEST_UPLOAD_MB_PER_HOUR: '1000' });
  subdomain = await publicTemplate(await apiLogin(server.url, 'admin@demo.test'));
});

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('guest uploads', () => {
  it(`store ${UPLOADS} files of 10 MB sent at once with the server's memory growing less than 100 MB`, async () => {
    const pid = server.child.pid!;
    expect((await guestUpload()).status).toBe(201);
    const baseline = memoryOf(pid, 'VmRSS');
    const peakKept = resetPeak(pid);
    let sampled = baseline;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, memoryOf(pid, 'VmRSS'));
    }, 10);

    const responses = await Promise.all(Array.from({ length: UPLOADS }, () => guestUpload()));
    clearInterval(sampler);
    const peak = Math.max(sampled, peakKept ? memoryOf(pid, 'VmHWM') : 0, memoryOf(pid, 'VmRSS'));

    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
    const sizes = await Promise.all(responses.map(async (response) => ((await response.json()) as { size: number }).size));
    expect(sizes.every((size) => size === FILE_BYTES)).toBe(true);
    console.log(`guest uploads: ${UPLOADS} x ${(FILE_BYTES / MB).toFixed(2)} MB at once, server RSS ${(baseline / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB (+${((peak - baseline) / MB).toFixed(0)} MB)${peakKept ? '' : ' (sampled)'}`);
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH_BYTES);
  });
});
