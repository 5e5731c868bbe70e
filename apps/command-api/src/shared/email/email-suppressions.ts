import { Inject, Injectable } from '@nestjs/common';
import {
  emailSuppressionDecider,
  emailSuppressionStream,
  foldEvents,
  type EmailSuppressionEvent,
  type Suppression,
  type SuppressionReason,
  type SuppressionSource,
} from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';

export interface SuppressionReport {
  readonly reason: SuppressionReason;
  readonly detail: string;
  readonly source: SuppressionSource;
}

/** Who acts on a suppression and when: null for the provider or the SMTP server. */
export interface SuppressionContext {
  readonly actorUserId: string | null;
  readonly now: Date;
  readonly commandId?: string;
  /** The customer group of the user holding the address, for the activity log's filters. */
  readonly customerGroupId?: string;
}

/**
 * The organisations' email suppression lists, read and written on their streams (one per organisation
 * and address): strongly consistent, so a send right after a bounce is already skipped.
 */
@Injectable()
export class EmailSuppressions {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  /** The address's suppression in the organisation `rootId`, or null when email goes to it. */
  async find(rootId: string, email: string): Promise<Suppression | null> {
    const events = await this.executor.readStreamOrEmpty(emailSuppressionStream(rootId, email));
    return foldEvents(emailSuppressionDecider, events.map((e) => ({ type: e.type, data: e.data }) as EmailSuppressionEvent)).suppression;
  }

  /** Records the report (nothing when the address is already suppressed for the same reason); the position after. */
  async suppress(rootId: string, email: string, userId: string | null, report: SuppressionReport, context: SuppressionContext): Promise<number> {
    const outcome = await this.executor.execute(
      emailSuppressionStream(rootId, email),
      emailSuppressionDecider,
      { type: 'SuppressEmailAddress', data: { email, userId, ...report, now: context.now.toISOString() } },
      this.contextOf(rootId, context),
    );
    return outcome.position;
  }

  /** Email goes to the address again; not found (404) when it was not suppressed. */
  async clear(rootId: string, email: string, userId: string | null, context: SuppressionContext): Promise<number> {
    const outcome = await this.executor.execute(
      emailSuppressionStream(rootId, email),
      emailSuppressionDecider,
      { type: 'ClearEmailSuppression', data: { email, userId } },
      this.contextOf(rootId, context),
    );
    return outcome.position;
  }

  private contextOf(rootId: string, context: SuppressionContext) {
    return {
      commandId: context.commandId,
      tenantId: rootId,
      customerGroupId: context.customerGroupId,
      actorUserId: context.actorUserId,
      acceptedAt: context.now,
    };
  }
}
