import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createReadStore, SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { CredentialStore } from './credential-store';

// The module the credential store calls, watched without changing what it does.
const argon2 = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
const verify = jest.spyOn(argon2, 'verify');

let readStore: ReadStore;
let credentials: CredentialStore;

beforeEach(async () => {
  readStore = await createReadStore({ sqlitePath: ':memory:' });
  credentials = new CredentialStore(readStore);
  verify.mockClear();
});

afterEach(async () => {
  await readStore.close();
});

describe('credential store', () => {
  it('verifies a password against the user\'s argon2id hash', async () => {
    await credentials.setPassword('u1', 'Right-password-1');
    expect(await credentials.verify('u1', 'Right-password-1')).toBe(true);
    expect(await credentials.verify('u1', 'Wrong-password-1')).toBe(false);
    expect(jest.mocked(verify).mock.calls.map(([hash]) => hash.slice(0, 10))).toEqual(['$argon2id$', '$argon2id$']);
  });

  it('computes a real argon2id verification for an unknown user or one without a password, so it takes as long, and says no', async () => {
    await readStore.scope(SYSTEM_TENANT).collection('credentials').upsert({ _id: 'no-password' });
    expect(await credentials.verify(null, 'Any-password-1')).toBe(false);
    expect(await credentials.verify('no-password', 'Any-password-1')).toBe(false);
    const calls = jest.mocked(verify).mock.calls;
    expect(calls).toHaveLength(2);
    for (const [hash, password] of calls) {
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(password).toBe('Any-password-1');
    }
  });
});
