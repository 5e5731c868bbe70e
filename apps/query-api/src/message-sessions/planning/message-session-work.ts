import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { deliveryReportsStream, messageSessionDecider, messageSessionStream, type DeliveriesReported, type MessageSessionCommand } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { CommandExecutor, EVENT_STORE, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import {
  MESSAGE_DELIVERIES,
  MESSAGE_SESSIONS,
  MESSAGE_SESSION_WORK,
  type MessageDeliveryDocument,
  type MessageSessionDocument,
  type MessageSessionWorkDocument,
} from '../../shared/read-models/message-sessions.read-model';
import { SessionProgressReader } from '../session-progress';
import { PlanningPaused, SessionPlanner } from './session-planner';

/** How often the work list is looked at. */
const ROUND_MS = 200;
/** Sessions taken per round and kind of work. */
const PER_ROUND = 20;
/** Deliveries timed out per append. */
const TIMEOUT_BATCH = 1_000;
const OPEN = ['queued', 'claimed', 'submitted', 'sent', 'unknown'];

/**
 * Carries sessions on from the work list (a read model of every tenant's unfinished sessions, so
 * nothing is lost in a restart: timers are events and this poller): scheduled sessions that are due
 * start; started ones are planned; sending ones complete once no delivery is open, and deliveries still
 * open when the message timeout has passed are timed out (nothing stays pending forever).
 */
@Injectable()
export class MessageSessionWork implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MessageSessionWork');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(SessionPlanner) private readonly planner: SessionPlanner,
    @Inject(SessionProgressReader) private readonly progress: SessionProgressReader,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round over the work list (exposed so tests can drive it); true when planning has more to do at once. */
  async round(now = new Date()): Promise<boolean> {
    const work = this.readStore.scope(SYSTEM_TENANT).collection<MessageSessionWorkDocument>(MESSAGE_SESSION_WORK);
    for (const due of await work.find({ status: 'scheduled', scheduled_for: { $lte: now.toISOString() } }, { sort: { scheduled_for: 1 }, limit: PER_ROUND })) {
      await this.run(due, { type: 'StartScheduledMessageSession', data: { at: now.toISOString() } });
    }
    // Sessions take turns of a few pages each: a small message is planned while a broadcast still is.
    let more = false;
    for (const planning of await work.find({ status: 'planning' }, { sort: { started_at: 1 }, limit: PER_ROUND })) {
      try {
        more = (await this.planner.plan(planning.tenant_id, planning._id)) || more;
      } catch (error) {
        if (!(error instanceof PlanningPaused)) throw error;
      }
    }
    for (const sending of await work.find({ status: 'sending' }, { sort: { started_at: 1 }, limit: PER_ROUND })) await this.settle(sending, now);
    return more;
  }

  /** The next round: at once while planning has more to do, else after ROUND_MS. */
  private schedule(delayMs = ROUND_MS): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      let more = false;
      this.running = this.round()
        .then((again) => {
          more = again;
        })
        .catch((error: unknown) => this.logger.error(`Sessions will be carried on in the next round: ${error instanceof Error ? error.stack : String(error)}`))
        .finally(() => {
          this.running = null;
          this.schedule(more ? 0 : ROUND_MS);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Completes a session with no open delivery; times out those still open past the message timeout. */
  private async settle(entry: MessageSessionWorkDocument, now: Date): Promise<void> {
    const progress = await this.progress.of(entry.tenant_id, entry._id);
    const open = progress.queued + progress.sending + progress.sent + progress.unknown;
    if (open === 0) {
      await this.run(entry, { type: 'CompleteMessageSession', data: { at: now.toISOString() } });
      return;
    }
    const session = await this.readStore.scope(entry.tenant_id).collection<MessageSessionDocument>(MESSAGE_SESSIONS).findOne({ _id: entry._id });
    if (!session?.started_at || Date.parse(session.started_at) + session.timeout_seconds * 1000 > now.getTime()) return;
    const deliveries = this.readStore.scope(entry.tenant_id).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const stale = await deliveries.find({ session_id: entry._id, superseded: false, status: { $in: OPEN } }, { limit: TIMEOUT_BATCH, projection: { _id: 1, provider_message_id: 1, status: 1 } });
    if (!stale.length) return;
    const minutes = Math.round(session.timeout_seconds / 60);
    const event: DeliveriesReported = {
      type: 'DeliveriesReported',
      data: {
        sessionId: entry._id,
        reports: stale.map((delivery) => ({
          deliveryId: delivery._id,
          providerMessageId: delivery.provider_message_id ?? '',
          status: 'timed_out',
          reason: `No final answer within the message timeout (${minutes} minutes) while ${delivery.status}.`,
          at: now.toISOString(),
        })),
      },
    };
    await this.eventStore.appendToStream(
      deliveryReportsStream(entry._id),
      [{ id: randomUUID(), type: event.type, data: event.data, metadata: { tenantId: entry.tenant_id, correlationId: entry._id, acceptedAt: now.toISOString() } }],
      { expectedRevision: 'any' },
    );
  }

  private async run(entry: MessageSessionWorkDocument, command: MessageSessionCommand): Promise<void> {
    await this.executor.execute(messageSessionStream(entry._id), messageSessionDecider, command, {
      tenantId: entry.tenant_id,
      actorUserId: null,
      correlationId: entry._id,
      acceptedAt: new Date(),
    });
  }
}
