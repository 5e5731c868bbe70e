import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StorageSigningSecretOptions {
  /** The folder of uploaded files (DATA_DIR/uploads). */
  readonly uploadsDir: string;
  /** STORAGE_SIGNING_SECRET, when configured. */
  readonly configuredSecret?: string;
}

/** Where the generated secret is kept: beside the tenants' folders, which can never be named with a dot. */
export const SIGNING_SECRET_FILE = '.signing-secret';
const SECRET_PATTERN = /^[a-f0-9]{64}$/;
const notASecret = (path: string) =>
  new Error(`${path} does not hold a storage signing secret (64 hex digits); remove it or set STORAGE_SIGNING_SECRET`);

/**
 * The key that signs direct uploads: the configured one, else a random 32-byte key kept in the uploads
 * folder, made on first use. Kept there, it survives restarts, and every node sharing the uploads
 * volume signs with the same key; when two nodes make one at once, the first to link it in wins.
 */
export async function loadStorageSigningSecret(options: StorageSigningSecretOptions): Promise<Buffer> {
  if (options.configuredSecret) return Buffer.from(options.configuredSecret, 'utf8');
  const path = join(options.uploadsDir, SIGNING_SECRET_FILE);
  const existing = await readSecret(path);
  if (existing) return existing;
  await mkdir(options.uploadsDir, { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  const secret = await readSecret(path);
  if (!secret) throw notASecret(path);
  return secret;
}

async function readSecret(path: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!SECRET_PATTERN.test(text)) throw notASecret(path);
  return Buffer.from(text, 'hex');
}
