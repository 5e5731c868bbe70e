import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EMAIL_OUTBOX_COLLECTION } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import type { AccountEmail, EmailChannel } from '../email-channel';

interface OutboxEmailDocument extends Document {
  readonly kind: AccountEmail['kind'];
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly created_at: string;
}

/**
 * Records what would have been sent in the tenant's outbox (GET /api/email_outbox/), so password
 * resets work without a mail server. Tenant-scoped, like every read model.
 */
@Injectable()
export class OutboxEmailChannel implements EmailChannel {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async send(email: AccountEmail, now: Date): Promise<void> {
    await this.readStore.scope(email.tenantId).collection<OutboxEmailDocument>(EMAIL_OUTBOX_COLLECTION).upsert({
      _id: randomUUID(),
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      text: email.text,
      created_at: now.toISOString(),
    });
  }
}
