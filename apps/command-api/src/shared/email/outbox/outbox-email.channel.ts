import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EMAIL_OUTBOX_COLLECTION, type OutboxEmailStatus } from '@beacon/contracts';
import { PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { Collection, Document, ReadStore } from '@beacon/read-store';
import { UserLookup } from '../../accounts/user-lookup';
import type { AccountEmail, EmailChannel } from '../email-channel';
import { EmailSuppressions } from '../email-suppressions';
import { EMAIL_TRANSPORT, type EmailTransport, type EmailTransportOutcome } from '../email-transport';

interface OutboxEmailDocument extends Document {
  readonly kind: AccountEmail['kind'];
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly created_at: string;
  readonly status: OutboxEmailStatus;
  readonly failure: string | null;
  /** Attempts made to hand it over. */
  readonly attempts: number;
}

/** What the outbox shows instead of a link that would let its reader act as the recipient. */
const HIDDEN_LINK_TEXT = '[link hidden: only the recipient gets it]';

function withSecretsHidden(email: AccountEmail): string {
  return email.secrets.reduce((text, secret) => text.split(secret).join(HIDDEN_LINK_TEXT), email.text);
}

type Failure = Extract<EmailTransportOutcome, { status: 'failed' }>;

/**
 * The email channel of account emails. Each email is recorded in the tenant's outbox (GET
 * /api/email_outbox/, admins) with its secrets hidden, whichever transport carries it, so admins see
 * what was sent to whom and what became of it without being able to use a user's link; then:
 * - an address on the tenant's suppression list gets nothing: the entry says `suppressed`, and why;
 * - otherwise the transport (the mail folder, or SMTP) takes it. A "try later" answer (4xx, a server
 *   out of reach) is tried again after each of EMAIL_RETRY_DELAYS_MS, then given up; a permanent
 *   refusal (5xx) is not retried. The entry ends `sent` or `failed` with the reason, never silently;
 * - a permanent refusal of the mailbox itself (550 user unknown, 5.1.x) suppresses the address, as a
 *   provider's bounce callback would.
 */
@Injectable()
export class OutboxEmailChannel implements EmailChannel, OnModuleDestroy {
  private readonly logger = new Logger('EmailChannel');
  /** Ends the waits between attempts when the app stops. */
  private readonly stopping = new AbortController();

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(EMAIL_TRANSPORT) private readonly transport: EmailTransport,
    @Inject(EmailSuppressions) private readonly suppressions: EmailSuppressions,
    @Inject(UserLookup) private readonly users: UserLookup,
  ) {}

  async send(email: AccountEmail, now: Date): Promise<void> {
    const id = randomUUID();
    const outbox = this.readStore.scope(email.tenantId).collection<OutboxEmailDocument>(EMAIL_OUTBOX_COLLECTION);
    // The outbox first: once the email has left, admins see it listed.
    await outbox.upsert({
      _id: id,
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      text: withSecretsHidden(email),
      created_at: now.toISOString(),
      status: 'sending',
      failure: null,
      attempts: 0,
    });
    const suppression = await this.suppressions.find(email.tenantId, email.to);
    if (suppression) {
      const failure = `Not sent: ${email.to} is on the suppression list (${suppression.reason} since ${suppression.suppressedAt}).`;
      await this.record(outbox, id, 'suppressed', failure, 0);
      return;
    }
    await this.deliver(outbox, id, email, now);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.transport.close();
  }

  private async deliver(outbox: Collection<OutboxEmailDocument>, id: string, email: AccountEmail, now: Date): Promise<void> {
    const delays = this.config.emailRetryDelaysMs;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.transport.deliver(email, id, now);
      if (outcome.status === 'sent') return this.record(outbox, id, 'sent', null, attempt);
      const delay = delays[attempt - 1];
      if (outcome.permanent || delay === undefined) return this.fail(outbox, id, email, outcome, attempt);
      this.logger.warn(`Account email ${id} (${email.kind}) not sent on attempt ${attempt}, trying again in ${delay} ms: ${outcome.reason}`);
      await this.record(outbox, id, 'sending', outcome.reason, attempt);
      try {
        await sleep(delay, undefined, { signal: this.stopping.signal });
      } catch {
        return this.record(outbox, id, 'failed', `Not tried again: the server stopped. Last answer: ${outcome.reason}`, attempt);
      }
    }
  }

  private async fail(outbox: Collection<OutboxEmailDocument>, id: string, email: AccountEmail, outcome: Failure, attempts: number): Promise<void> {
    const reason = outcome.permanent ? outcome.reason : `Gave up after ${attempts} attempts. Last answer: ${outcome.reason}`;
    this.logger.warn(`Account email ${id} (${email.kind}) failed: ${reason}`);
    await this.record(outbox, id, 'failed', reason, attempts);
    if (outcome.badMailbox) await this.suppressBadMailbox(email, outcome.reason);
  }

  private async suppressBadMailbox(email: AccountEmail, detail: string): Promise<void> {
    const userId = await this.users.userIdByEmail(email.to);
    const holder = userId ? await this.users.state(userId) : null;
    const customerGroupId = holder?.status === 'registered' ? holder.customerGroupId : undefined;
    await this.suppressions.suppress(email.tenantId, email.to, userId, { reason: 'bounce', detail, source: 'smtp' }, { actorUserId: null, now: new Date(), customerGroupId });
  }

  private async record(outbox: Collection<OutboxEmailDocument>, id: string, status: OutboxEmailStatus, failure: string | null, attempts: number): Promise<void> {
    await outbox.updateOne({ _id: id }, { $set: { status, failure, attempts } });
  }
}
