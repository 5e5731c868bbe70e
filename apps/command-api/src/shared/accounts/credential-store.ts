import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { CREDENTIALS_COLLECTION, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';

interface CredentialDocument extends Document {
  readonly passwordHash?: string;
  /** Base32 TOTP secret of a user with two-factor on. */
  readonly totpSecret?: string;
  /** Base32 TOTP secret of a setup not confirmed yet. */
  readonly totpPendingSecret?: string;
  /** The last time step whose code was accepted: a code is good once (RFC 6238 §5.2). */
  readonly totpLastStep?: number;
}

export interface TotpSecrets {
  readonly active: string | null;
  readonly pending: string | null;
  readonly lastStep: number | null;
}

/**
 * The user's secrets, kept apart from the event history so no event ever carries them: password
 * hashes (argon2id, memory-hard) and TOTP secrets.
 */
@Injectable()
export class CredentialStore {
  private readonly credentials: Collection<CredentialDocument>;
  /** Verified against when the user is unknown, so both paths take the same time. */
  private decoy: Promise<string> | null = null;

  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.credentials = readStore.scope(SYSTEM_TENANT).collection<CredentialDocument>(CREDENTIALS_COLLECTION);
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await this.credentials.updateOne({ _id: userId }, { $set: { passwordHash: await hash(password) } }, { upsert: true });
  }

  async verify(userId: string | null, password: string): Promise<boolean> {
    const record = userId ? await this.credentials.findOne({ _id: userId }) : null;
    if (!record?.passwordHash) {
      this.decoy ??= hash('decoy-password');
      await verify(await this.decoy, password);
      return false;
    }
    return verify(record.passwordHash, password);
  }

  async totp(userId: string): Promise<TotpSecrets> {
    const record = await this.credentials.findOne({ _id: userId });
    return { active: record?.totpSecret ?? null, pending: record?.totpPendingSecret ?? null, lastStep: record?.totpLastStep ?? null };
  }

  async startTotpSetup(userId: string, secret: string): Promise<void> {
    await this.credentials.updateOne({ _id: userId }, { $set: { totpPendingSecret: secret } }, { upsert: true });
  }

  /** The pending secret becomes the user's; `step` is the step of the code that confirmed it. */
  async activateTotp(userId: string, secret: string, step: number): Promise<void> {
    await this.credentials.updateOne(
      { _id: userId },
      { $set: { totpSecret: secret, totpLastStep: step }, $unset: { totpPendingSecret: '' } },
    );
  }

  async recordTotpStep(userId: string, step: number): Promise<void> {
    await this.credentials.updateOne({ _id: userId }, { $set: { totpLastStep: step } });
  }

  async removeTotp(userId: string): Promise<void> {
    await this.credentials.updateOne({ _id: userId }, { $unset: { totpSecret: '', totpPendingSecret: '', totpLastStep: '' } });
  }
}
