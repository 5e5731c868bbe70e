import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EMAIL_OUTBOX_COLLECTION } from '@beacon/contracts';
import { PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import type { AccountEmail, EmailChannel } from '../email-channel';
import { deliverToMailFolder } from './mail-folder';

interface OutboxEmailDocument extends Document {
  readonly kind: AccountEmail['kind'];
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly created_at: string;
}

/** What the outbox shows instead of a link that would let its reader act as the recipient. */
const HIDDEN_LINK_TEXT = '[link hidden: only the recipient gets it]';

function withSecretsHidden(email: AccountEmail): string {
  return email.secrets.reduce((text, secret) => text.split(secret).join(HIDDEN_LINK_TEXT), email.text);
}

/**
 * The embedded email channel, for running without a mail server: delivers each email to the mail
 * folder under DATA_DIR, and records it in the tenant's outbox (GET /api/email_outbox/, admins)
 * with its secrets hidden, so admins see what was sent to whom without being able to use a user's
 * reset or invitation link.
 */
@Injectable()
export class OutboxEmailChannel implements EmailChannel {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async send(email: AccountEmail, now: Date): Promise<void> {
    const id = randomUUID();
    // The outbox first: once the email is in the mail folder, admins see it listed.
    await this.readStore.scope(email.tenantId).collection<OutboxEmailDocument>(EMAIL_OUTBOX_COLLECTION).upsert({
      _id: id,
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      text: withSecretsHidden(email),
      created_at: now.toISOString(),
    });
    await deliverToMailFolder(this.config.dataDir, id, email, now);
  }
}
