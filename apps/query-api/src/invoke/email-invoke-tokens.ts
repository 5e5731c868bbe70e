import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { loadStorageSigningSecret, uploadsDirectory } from '@beacon/file-storage';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';

/** 128 bits of the HMAC, as the 32 hex digits of an invoke address. */
const TOKEN_BYTES = 16;

/**
 * Each message's email invoke token: an HMAC of the organisation's and the message's ids under a
 * server key, so nothing is stored and the address (and a printed QR code) stays the same. The key is
 * INVOKE_EMAIL_SECRET, else one derived from the storage signing key, which every node sharing the
 * uploads folder already holds; changing it changes every message's address.
 */
@Injectable()
export class EmailInvokeTokens {
  private key?: Promise<Buffer>;

  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  async tokenOf(rootId: string, scenarioId: string): Promise<string> {
    const key = await (this.key ??= this.loadKey());
    return createHmac('sha256', key).update(`${rootId}/${scenarioId}`).digest().subarray(0, TOKEN_BYTES).toString('hex');
  }

  private async loadKey(): Promise<Buffer> {
    if (this.config.invokeEmailSecret) return Buffer.from(this.config.invokeEmailSecret, 'utf8');
    const storageKey = await loadStorageSigningSecret({ uploadsDir: uploadsDirectory(this.config.dataDir), configuredSecret: this.config.storageSigningSecret });
    // A key of its own, so an invoke token never doubles as an upload signature.
    return createHmac('sha256', storageKey).update('email-invoke').digest();
  }
}
