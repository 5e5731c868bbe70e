import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadStorageSigningSecret, SIGNING_SECRET_FILE } from './storage-signing-secret';

const directory = mkdtempSync(join(tmpdir(), 'signing-secret-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const freshUploadsDir = () => join(mkdtempSync(join(directory, 'data-')), 'uploads');

describe('storage signing secret', () => {
  it('is the configured one when STORAGE_SIGNING_SECRET is set', async () => {
    const secret = await loadStorageSigningSecret({ uploadsDir: freshUploadsDir(), configuredSecret: 'k'.repeat(40) });
    expect(secret.toString('utf8')).toBe('k'.repeat(40));
  });

  it('is made once, kept private in the uploads folder and the same after a restart', async () => {
    const uploadsDir = freshUploadsDir();
    const first = await loadStorageSigningSecret({ uploadsDir });
    const again = await loadStorageSigningSecret({ uploadsDir });

    expect(first).toHaveLength(32);
    expect(again.equals(first)).toBe(true);
    const file = join(uploadsDir, SIGNING_SECRET_FILE);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('is one secret when several nodes make it at once', async () => {
    const uploadsDir = freshUploadsDir();
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadStorageSigningSecret({ uploadsDir })));
    expect(new Set(secrets.map((secret) => secret.toString('hex'))).size).toBe(1);
  });

  it('is different for another data folder', async () => {
    const [a, b] = await Promise.all([loadStorageSigningSecret({ uploadsDir: freshUploadsDir() }), loadStorageSigningSecret({ uploadsDir: freshUploadsDir() })]);
    expect(a.equals(b)).toBe(false);
  });

  it('refuses to start on a damaged secret file rather than sign with it', async () => {
    const uploadsDir = freshUploadsDir();
    await loadStorageSigningSecret({ uploadsDir });
    writeFileSync(join(uploadsDir, SIGNING_SECRET_FILE), 'oops');
    await expect(loadStorageSigningSecret({ uploadsDir })).rejects.toThrow('STORAGE_SIGNING_SECRET');
  });
});
