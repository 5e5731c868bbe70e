import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { loadStorageSigningSecret, uploadsDirectory } from '@beacon/file-storage';
import { RESPONSE_TOKEN_LENGTH } from '@beacon/domain';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';

/**
 * A delivery's response token: 128 bits of an HMAC of its id under a server key, as 22 base64url
 * characters, so a text's address is short (a delivery id is ~116 characters) and the same on every
 * attempt to send it, after a crash too (the in-doubt lookup compares texts). The key is derived from
 * the storage signing key, which every node sharing the uploads folder holds, as the email invoke
 * address's is, under a name of its own so the two never coincide.
 */
@Injectable()
export class ResponseLinkTokens {
  private key?: Promise<Buffer>;

  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  /** The key, loaded once; tokens are then made without waiting. */
  async signer(): Promise<(deliveryId: string) => string> {
    const key = await (this.key ??= this.loadKey());
    return (deliveryId) => createHmac('sha256', key).update(deliveryId).digest('base64url').slice(0, RESPONSE_TOKEN_LENGTH);
  }

  private async loadKey(): Promise<Buffer> {
    const storageKey = await loadStorageSigningSecret({ uploadsDir: uploadsDirectory(this.config.dataDir), configuredSecret: this.config.storageSigningSecret });
    return createHmac('sha256', storageKey).update('two-way-sms-link').digest();
  }
}
