import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verify } from '@node-rs/argon2';
import { createReadStore, SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { CredentialStore } from './credential-store';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

let readStore: ReadStore;
let credentials: CredentialStore;

beforeEach(async () => {
  readStore = await createReadStore({ sqlitePath: ':memory:' });
  credentials = new CredentialStore(readStore);
  vi.mocked(verify).mockClear();
});

afterEach(async () => {
  await readStore.close();
});

describe('credential store', () => {
  it('verifies a password against the user\'s argon2id hash', async () => {
    await credentials.setPassword('u1', 'Right-password-1');
    expect(await credentials.verify('u1', 'Right-password-1')).toBe(true);
    expect(await credentials.verify('u1', 'Wrong-password-1')).toBe(false);
    expect(vi.mocked(verify).mock.calls.map(([hash]) => hash.slice(0, 10))).toEqual(['$argon2id$', '$argon2id$']);
  });

  it('computes a real argon2id verification for an unknown user or one without a password, so it takes as long, and says no', async () => {
    await readStore.scope(SYSTEM_TENANT).collection('credentials').upsert({ _id: 'no-password' });
    expect(await credentials.verify(null, 'Any-password-1')).toBe(false);
    expect(await credentials.verify('no-password', 'Any-password-1')).toBe(false);
    const calls = vi.mocked(verify).mock.calls;
    expect(calls).toHaveLength(2);
    for (const [hash, password] of calls) {
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(password).toBe('Any-password-1');
    }
  });
});
