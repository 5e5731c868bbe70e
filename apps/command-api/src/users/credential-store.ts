import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';

interface CredentialDocument extends Document {
  readonly passwordHash: string;
}

/**
 * Password hashes (argon2id, memory-hard), kept apart from the event history so no event ever
 * carries a password or its hash.
 */
@Injectable()
export class CredentialStore {
  private readonly credentials: Collection<CredentialDocument>;
  /** Verified against when the user is unknown, so both paths take the same time. */
  private decoy: Promise<string> | null = null;

  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.credentials = readStore.scope(SYSTEM_TENANT).collection<CredentialDocument>('credentials');
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await this.credentials.upsert({ _id: userId, passwordHash: await hash(password) });
  }

  async verify(userId: string | null, password: string): Promise<boolean> {
    const record = userId ? await this.credentials.findOne({ _id: userId }) : null;
    if (!record) {
      this.decoy ??= hash('decoy-password');
      await verify(await this.decoy, password);
      return false;
    }
    return verify(record.passwordHash, password);
  }
}
