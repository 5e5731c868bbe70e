import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { EventStore } from '@beacon/event-store';
import { SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';
import type { PlatformConfig } from '../config/platform-config';
import { BUS, EVENT_STORE, PLATFORM_CONFIG, READ_STORE } from '../infrastructure/tokens';
import { AUTH_TOKENS_COLLECTION, USER_TOKENS_COLLECTION } from '../write-side/write-side-lookups';
import { CurrentUsers } from './current-users';
import type { Principal } from './principal';

interface AuthTokenDocument extends Document {
  readonly userId: string;
  readonly sessionId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Time of the last authenticated call with the token: the user's last activity. */
  readonly lastUsedAt: number;
  readonly revokedAt?: number;
}

/** Which tokens a user holds, so their tokens are found by id (no scan of every token of the platform). */
interface UserTokensDocument extends Document {
  readonly tokenIds: string[];
}

/** The sign-in a token stands for; who the user is comes from the user's stream on every call. */
export interface TokenGrant {
  readonly userId: string;
  readonly sessionId: string;
}

/** Records of tokens that ended this long ago are dropped when their user next signs in. */
const RETENTION_MS = 30 * 24 * 3600 * 1000;
/** An extension is written once it moves the expiry by this share of the idle lifetime, or by a minute. */
const EXTENSION_STEPS_PER_LIFETIME = 20;
const MAX_EXTENSION_STEP_MS = 60_000;

/**
 * Bus topic announcing revoked tokens (sign-out, password change or reset): every query-api node
 * consumes it and closes the live sockets opened with them, wherever the revocation happened.
 */
export const TOKENS_REVOKED_TOPIC = 'tokens-revoked';

export interface TokensRevoked {
  /** Ids (hashes) of the revoked tokens. */
  readonly tokenIds: readonly string[];
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random secret for the client (40 hex characters). */
export const newSecretToken = () => randomBytes(20).toString('hex');

/**
 * Sign-in tokens. The token is a secret handed to the client once; only its hash is stored, in a
 * platform-wide collection outside the event history (events record the session id instead).
 * Revoked and expired records are kept for a while: their last use is the user's last activity.
 */
@Injectable()
export class AuthTokenService {
  private readonly tokens: Collection<AuthTokenDocument>;
  private readonly userTokens: Collection<UserTokensDocument>;
  private readonly users: CurrentUsers;

  constructor(
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(BUS) private readonly bus: Bus,
  ) {
    this.tokens = readStore.scope(SYSTEM_TENANT).collection<AuthTokenDocument>(AUTH_TOKENS_COLLECTION);
    this.userTokens = readStore.scope(SYSTEM_TENANT).collection<UserTokensDocument>(USER_TOKENS_COLLECTION);
    this.users = new CurrentUsers(eventStore);
  }

  async issue(grant: TokenGrant, now: number): Promise<string> {
    const token = newSecretToken();
    const tokenId = hashToken(token);
    await this.tokens.upsert({ _id: tokenId, ...grant, createdAt: now, expiresAt: this.expiryFrom(now), lastUsedAt: now });
    await this.userTokens.updateOne({ _id: grant.userId }, { $push: { tokenIds: tokenId } }, { upsert: true });
    await this.forgetOldTokens(grant.userId, now);
    return token;
  }

  /**
   * The principal for a live token, or null for an unknown, revoked or expired one, or one whose
   * user no longer exists. Role, group and tenant are the user's current ones.
   */
  async resolve(token: string, now: number): Promise<Principal | null> {
    const record = await this.tokens.findOne({ _id: hashToken(token) });
    if (!record || record.revokedAt !== undefined || record.expiresAt <= now) return null;
    const user = await this.users.access(record.userId);
    if (user.status !== 'active') return null;
    return {
      userId: user.userId,
      email: user.email,
      sessionId: record.sessionId,
      customerGroupId: user.customerGroupId,
      rootId: user.rootId,
      customerPermission: user.customerPermission,
      tokenId: record._id,
      expiresAt: record.expiresAt,
    };
  }

  /**
   * Moves the idle expiry ahead after a successful call and notes the call as the user's last
   * activity; returns the expiry now stored. The write is skipped while it would move the expiry by
   * less than a twentieth of the idle lifetime (at most a minute): a busy console's calls would
   * otherwise each cost a write, and the lifetime a user sees stays within that step of the full one.
   * `always` writes it whatever the step (the console's keepalive asks for the whole lifetime).
   */
  async extend(token: Pick<Principal, 'tokenId' | 'expiresAt'>, now: number, always = false): Promise<number> {
    const expiresAt = this.expiryFrom(now);
    if (!always && expiresAt - token.expiresAt < this.extensionStepMs()) return token.expiresAt;
    await this.tokens.updateOne({ _id: token.tokenId }, { $set: { expiresAt, lastUsedAt: now } });
    return expiresAt;
  }

  private extensionStepMs(): number {
    return Math.min(MAX_EXTENSION_STEP_MS, (this.config.tokenIdleSeconds * 1000) / EXTENSION_STEPS_PER_LIFETIME);
  }

  async revoke(tokenId: string, now: number): Promise<void> {
    await this.tokens.updateOne({ _id: tokenId, revokedAt: { $exists: false } }, { $set: { revokedAt: now } });
    await this.announceRevoked(tokenId, [tokenId]);
  }

  /** Ends every token of the user, except the one given (the caller's own, when it stays signed in). */
  async revokeAllOf(userId: string, now: number, exceptTokenId?: string): Promise<void> {
    const tokenIds = (await this.tokenIdsOf(userId)).filter((id) => id !== exceptTokenId);
    await this.tokens.updateMany({ _id: { $in: tokenIds }, revokedAt: { $exists: false } }, { $set: { revokedAt: now } });
    await this.announceRevoked(userId, tokenIds);
  }

  /** Time of the user's last authenticated call with any token, or null when there was none. */
  async lastActivity(userId: string): Promise<number | null> {
    const latest = await this.tokens.findOne({ _id: { $in: await this.tokenIdsOf(userId) } }, { sort: { lastUsedAt: -1 } });
    return latest?.lastUsedAt ?? null;
  }

  private async announceRevoked(key: string, tokenIds: readonly string[]): Promise<void> {
    if (tokenIds.length) await this.bus.publish<TokensRevoked>(TOKENS_REVOKED_TOPIC, key, { tokenIds });
  }

  private async tokenIdsOf(userId: string): Promise<string[]> {
    return (await this.userTokens.findOne({ _id: userId }))?.tokenIds ?? [];
  }

  /** Drops the records of the user's tokens that ended long ago (their last use is no longer the latest). */
  private async forgetOldTokens(userId: string, now: number): Promise<void> {
    const tokenIds = await this.tokenIdsOf(userId);
    const records = await this.tokens.find({ _id: { $in: tokenIds } }, { projection: { expiresAt: 1, revokedAt: 1 } });
    const endedLongAgo = (record: AuthTokenDocument) => Math.min(record.expiresAt, record.revokedAt ?? Infinity) <= now - RETENTION_MS;
    const kept = new Set(records.filter((record) => !endedLongAgo(record)).map((record) => record._id));
    const old = tokenIds.filter((id) => !kept.has(id));
    if (!old.length) return;
    await this.tokens.deleteMany({ _id: { $in: old } });
    await this.userTokens.updateOne({ _id: userId }, { $pull: { tokenIds: { $in: old } } });
  }

  private expiryFrom(now: number): number {
    return now + this.config.tokenIdleSeconds * 1000;
  }
}
