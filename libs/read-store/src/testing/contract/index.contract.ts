import { beforeEach, describe, expect, it } from '@jest/globals';
import { DuplicateKeyError } from '../../read-store';
import { event, StoreProvider, TENANT_A, TENANT_B } from './fixtures';

export function indexContract(store: StoreProvider): void {
  describe('indexes', () => {
    const accounts = (tenantId = TENANT_A) => store().scope(tenantId).collection('accounts');

    beforeEach(async () => {
      await store().ensureIndexes('accounts', [
        { keys: { email: 1 }, unique: true },
        { keys: { team: 1, createdAt: -1 }, name: 'team_recent' },
      ]);
      await accounts().upsert({ _id: 'a1', email: 'ada@example.com', team: 'x' });
    });

    it('rejects a duplicate unique key on upsert and keeps the store unchanged', async () => {
      await expect(accounts().upsert({ _id: 'a2', email: 'ada@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await accounts().findOne({ _id: 'a2' })).toBeNull();
    });

    it('names the collection in the duplicate key error', async () => {
      const failure = await accounts()
        .upsert({ _id: 'a2', email: 'ada@example.com' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DuplicateKeyError);
      expect((failure as DuplicateKeyError).collection).toBe('accounts');
    });

    it('rejects a duplicate unique key on update and upsert-insert', async () => {
      await accounts().upsert({ _id: 'a2', email: 'alan@example.com' });
      await expect(accounts().updateOne({ _id: 'a2' }, { $set: { email: 'ada@example.com' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(
        accounts().updateOne({ _id: 'a3' }, { $set: { email: 'ada@example.com' } }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await accounts().findOne({ _id: 'a2' })).toEqual({ _id: 'a2', email: 'alan@example.com' });
    });

    it('allows replacing a document with its own unique key', async () => {
      await accounts().upsert({ _id: 'a1', email: 'ada@example.com', team: 'y' });
      expect(await accounts().findOne({ _id: 'a1' })).toEqual({ _id: 'a1', email: 'ada@example.com', team: 'y' });
    });

    it('enforces uniqueness per tenant', async () => {
      await accounts(TENANT_B).upsert({ _id: 'b1', email: 'ada@example.com' });
      expect(await accounts(TENANT_B).count({ email: 'ada@example.com' })).toBe(1);
    });

    it('is idempotent and keeps queries on indexed fields working', async () => {
      await store().ensureIndexes('accounts', [
        { keys: { email: 1 }, unique: true },
        { keys: { team: 1, createdAt: -1 }, name: 'team_recent' },
      ]);
      expect(await accounts().find({ team: 'x' })).toEqual([{ _id: 'a1', email: 'ada@example.com', team: 'x' }]);
    });

    it('replaces an index whose definition changed', async () => {
      await store().ensureIndexes('accounts', [{ keys: { email: 1 }, name: 'email_1' }]);
      await accounts().upsert({ _id: 'a2', email: 'ada@example.com' });
      expect(await accounts().count({ email: 'ada@example.com' })).toBe(2);
    });

    it('frees a unique key once its document is deleted', async () => {
      await accounts().deleteOne({ _id: 'a1' });
      await accounts().upsert({ _id: 'a2', email: 'ada@example.com' });
      expect(await accounts().count()).toBe(1);
    });

    it('enforces unique keys on projected documents', async () => {
      const write = (id: string) => ({ collection: 'accounts', tenantId: TENANT_A, id, apply: () => ({ _id: id, email: 'ada@example.com' }) });
      await expect(store().applyProjectionBatch('accounts-projection', [event(1, write('a9'))])).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });
  });
}
