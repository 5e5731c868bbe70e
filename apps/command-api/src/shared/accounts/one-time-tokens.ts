import { Inject, Injectable } from '@nestjs/common';
import { hashToken, newSecretToken, ONE_TIME_TOKENS_COLLECTION, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';

export type OneTimeTokenPurpose = 'password_reset' | 'second_factor' | 'impersonation';

interface OneTimeTokenDocument extends Document {
  readonly purpose: OneTimeTokenPurpose;
  readonly userId: string;
  /** The id the user's events give the grant (reset link, challenge, impersonation). */
  readonly grantId: string;
  readonly expiresAt: number;
}

export interface OneTimeGrant {
  readonly userId: string;
  readonly grantId: string;
}

/** Records of grants that expired this long ago are dropped. */
const RETENTION_MS = 24 * 3600 * 1000;

/**
 * Secrets handed out once (reset links, ephemeral second-factor tokens, impersonation links). Only
 * their SHA-256 is stored, outside the event history, mapped to the grant id the user's events use.
 * Whether a grant is still open (unused, unexpired) is the user decider's call, from the events, so
 * a second use is told apart from an unknown token; records go a day after they expire.
 */
@Injectable()
export class OneTimeTokens {
  private readonly tokens: Collection<OneTimeTokenDocument>;

  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.tokens = readStore.scope(SYSTEM_TENANT).collection<OneTimeTokenDocument>(ONE_TIME_TOKENS_COLLECTION);
  }

  async issue(purpose: OneTimeTokenPurpose, grant: OneTimeGrant, expiresAt: Date, now: Date): Promise<string> {
    await this.tokens.deleteMany({ expiresAt: { $lt: now.getTime() - RETENTION_MS } });
    const token = newSecretToken();
    await this.tokens.upsert({ _id: hashToken(token), purpose, ...grant, expiresAt: expiresAt.getTime() });
    return token;
  }

  /** Whether a secret was issued for this grant (a grant gets one; see SendPasswordResetEmailHandler). */
  async isIssued(purpose: OneTimeTokenPurpose, grant: OneTimeGrant): Promise<boolean> {
    return (await this.tokens.count({ purpose, userId: grant.userId, grantId: grant.grantId })) > 0;
  }

  /** The grant a token stands for, expired or not (the decider tells an expired one apart); null if unknown. */
  async find(purpose: OneTimeTokenPurpose, token: string): Promise<OneTimeGrant | null> {
    const record = await this.tokens.findOne({ _id: hashToken(token), purpose });
    return record && { userId: record.userId, grantId: record.grantId };
  }
}
