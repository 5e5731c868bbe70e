import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG, READ_STORE } from '../infrastructure/tokens';
import type { Principal } from './principal';

interface AuthTokenDocument extends Document, Omit<Principal, 'tokenId'> {
  readonly expiresAt: number;
  readonly createdAt: number;
}

const AUTH_TOKENS = 'auth_tokens';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sign-in tokens. The token is a secret handed to the client once; only its hash is stored, in a
 * platform-wide collection outside the event history (events record the session id instead).
 */
@Injectable()
export class AuthTokenService {
  private readonly tokens: Collection<AuthTokenDocument>;

  constructor(
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {
    this.tokens = readStore.scope(SYSTEM_TENANT).collection<AuthTokenDocument>(AUTH_TOKENS);
  }

  async issue(principal: Omit<Principal, 'tokenId'>, now: number): Promise<string> {
    const token = randomBytes(20).toString('hex');
    await this.tokens.upsert({ _id: hashToken(token), ...principal, createdAt: now, expiresAt: this.expiryFrom(now) });
    return token;
  }

  /** The principal for a live token, or null for an unknown, revoked or expired one. */
  async resolve(token: string, now: number): Promise<Principal | null> {
    const record = await this.tokens.findOne({ _id: hashToken(token) });
    if (!record || record.expiresAt <= now) return null;
    const { _id, expiresAt: _expiresAt, createdAt: _createdAt, ...principal } = record;
    return { ...principal, tokenId: _id };
  }

  /** Moves the idle expiry ahead after a successful call. */
  async extend(tokenId: string, now: number): Promise<void> {
    await this.tokens.updateOne({ _id: tokenId }, { $set: { expiresAt: this.expiryFrom(now) } });
  }

  async revoke(tokenId: string): Promise<void> {
    await this.tokens.deleteOne({ _id: tokenId });
  }

  private expiryFrom(now: number): number {
    return now + this.config.tokenIdleSeconds * 1000;
  }
}
