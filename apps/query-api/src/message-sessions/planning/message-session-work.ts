import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  deliveryReportsStream,
  followUpPageStream,
  messageSessionDecider,
  messageSessionPageStream,
  messageSessionStream,
  nextAttemptId,
  type DeliveriesReported,
  type MessageSessionCommand,
  type MessageSessionFollowUpPageQueued,
  type MessageSessionFollowUpPlanned,
  type MessageSessionPageQueued,
} from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { CommandExecutor, EVENT_STORE, OrganisationSuspensions, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import {
  MESSAGE_DELIVERIES,
  MESSAGE_SESSIONS,
  MESSAGE_SESSION_WORK,
  type MessageDeliveryDocument,
  type MessageSessionDocument,
  type MessageSessionWorkDocument,
} from '../../shared/read-models/message-sessions.read-model';
import { queuedOf } from '../session-progress';
import { FollowUpPlanner } from './follow-up-planner';
import { PlanningPaused, SessionPlanner } from './session-planner';
import { sendDayTimeZone } from './send-day-time-zone';
import { ProjectionHost } from '../../shared/projections/projection-host';
import { WorkLoop } from '../../shared/work/work-loop';

/** How often the work list is looked at. */
const ROUND_MS = 200;
/** Sessions taken per round and kind of work. */
const PER_ROUND = 20;
/** How long a time-out pass waits for the read models to hold what it appended. */
const CAUGHT_UP_WAIT_MS = 10_000;
/** Deliveries timed out per append. */
const TIMEOUT_BATCH = 1_000;
const OPEN = ['claimed', 'submitted', 'sent', 'unknown'];

interface StaleDelivery {
  readonly id: string;
  readonly providerMessageId: string;
  readonly status: string;
}

/**
 * Carries sessions on from the work list (a read model of every tenant's unfinished sessions, so
 * nothing is lost in a restart: timers are events and this poller): scheduled sessions that are due
 * start (or move, or are skipped, by their holiday and weekend checks); started ones are planned;
 * sending ones complete once no delivery is open, and deliveries still open when the message timeout
 * has passed are timed out (nothing stays pending forever).
 */
@Injectable()
export class MessageSessionWork extends WorkLoop {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(SessionPlanner) private readonly planner: SessionPlanner,
    @Inject(FollowUpPlanner) private readonly followUps: FollowUpPlanner,
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(OrganisationSuspensions) private readonly suspensions: OrganisationSuspensions,
  ) {
    super(new Logger('MessageSessionWork'), ROUND_MS, 'Sessions');
  }

  /** One round over the work list (exposed so tests can drive it); true when planning has more to do at once. */
  async round(now = new Date()): Promise<boolean> {
    const work = this.readStore.scope(SYSTEM_TENANT).collection<MessageSessionWorkDocument>(MESSAGE_SESSION_WORK);
    for (const due of await work.find({ status: 'scheduled', scheduled_for: { $lte: now.toISOString() } }, { sort: { scheduled_for: 1 }, limit: PER_ROUND })) {
      await this.each(due, 'start', async () =>
        this.run(due, {
          type: 'StartScheduledMessageSession',
          data: {
            at: now.toISOString(),
            timezone: await sendDayTimeZone(this.readStore, due.tenant_id, due._id),
            ...((await this.suspensions.isSuspended(due.tenant_id)) ? { suspended: true } : {}),
          },
        }),
      );
    }
    // Sessions take turns of a few pages each: a small message is planned while a broadcast still is.
    let more = false;
    for (const planning of await work.find({ status: 'planning' }, { sort: { started_at: 1 }, limit: PER_ROUND })) {
      await this.each(planning, 'plan', async () => {
        more = (await this.planner.plan(planning.tenant_id, planning._id)) || more;
      });
    }
    // Follow-ups: those begun are queued (in turns, as plans are); timers that have come due begin theirs.
    for (const following of await work.find({ status: 'sending', pending_follow_ups: { $gt: 0 } }, { sort: { started_at: 1 }, limit: PER_ROUND })) {
      await this.each(following, 'follow up', async () => {
        more = (await this.followUps.plan(following.tenant_id, following._id)) || more;
      });
    }
    for (const due of await work.find({ follow_up_due: { $lte: now.toISOString() } }, { sort: { follow_up_due: 1 }, limit: PER_ROUND })) {
      await this.each(due, 'start a follow-up', () => this.run(due, { type: 'StartDueFollowUp', data: { at: now.toISOString() } }));
    }
    for (const sending of await work.find({ status: 'sending' }, { sort: { started_at: 1 }, limit: PER_ROUND })) await this.each(sending, 'settle', () => this.settle(sending, now));
    return more;
  }

  /** One session's work: a session that fails is logged and tried again next round, and never holds up the others. */
  private async each(entry: MessageSessionWorkDocument, what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof PlanningPaused) return;
      this.logger.error(`Session ${entry._id} (${what}) will be tried again: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }

  /** Completes a session with no open delivery; times out those still open past the message timeout. */
  private async settle(entry: MessageSessionWorkDocument, now: Date): Promise<void> {
    const session = await this.readStore.scope(entry.tenant_id).collection<MessageSessionDocument>(MESSAGE_SESSIONS).findOne({ _id: entry._id });
    if (!session) return;
    const queued = queuedOf(session);
    // The timeout counts from the latest follow-up queued: its deliveries have as long as the first ones had.
    const since = session.follow_up_at ?? session.started_at;
    const timedOut = !!since && Date.parse(since) + session.timeout_seconds * 1000 <= now.getTime();
    if (queued > 0 && !timedOut) return;
    // Only the open deliveries are counted (a range of the status index), never the whole session.
    const deliveries = this.readStore.scope(entry.tenant_id).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const open = queued + (await deliveries.count({ session_id: entry._id, superseded: false, status: { $in: OPEN }, final: { $ne: true } }));
    if (open === 0) {
      // Not while a follow-up is being queued (nor, the decider says, while a sequence has a step to come).
      if (!entry.pending_follow_ups) await this.run(entry, { type: 'CompleteMessageSession', data: { at: now.toISOString() } });
      return;
    }
    if (!timedOut) return;
    const stale = [...(await this.openAnswered(entry)), ...(queued > 0 ? await this.neverAnswered(entry, session.pages) : [])]
      .filter((delivery, index, all) => all.findIndex((other) => other.id === delivery.id) === index)
      .slice(0, TIMEOUT_BATCH);
    if (!stale.length) return;
    const minutes = Math.round(session.timeout_seconds / 60);
    const event: DeliveriesReported = {
      type: 'DeliveriesReported',
      data: {
        sessionId: entry._id,
        reports: stale.map(({ id, providerMessageId, status }) => ({
          deliveryId: id,
          providerMessageId,
          status: 'timed_out',
          reason: `No final answer within the message timeout (${minutes} minutes) while ${status}.`,
          at: now.toISOString(),
          ...(status === 'queued' ? { unanswered: true as const } : {}),
        })),
      },
    };
    const appended = await this.eventStore.appendToStream(
      deliveryReportsStream(entry._id),
      [{ id: randomUUID(), type: event.type, data: event.data, metadata: { tenantId: entry.tenant_id, correlationId: entry._id, acceptedAt: now.toISOString() } }],
      { expectedRevision: 'any' },
    );
    // The next round reads which deliveries are still unanswered from the read models: they must hold
    // these time-outs first, or a never-answered delivery would be timed out (and counted) twice.
    await this.projections.runner.waitFor(appended.position, CAUGHT_UP_WAIT_MS);
  }

  /** Deliveries with an answer that is not final (submitted, sent, unknown). */
  private async openAnswered(entry: MessageSessionWorkDocument): Promise<StaleDelivery[]> {
    const deliveries = this.readStore.scope(entry.tenant_id).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const open = await deliveries.find({ session_id: entry._id, superseded: false, status: { $in: OPEN }, final: { $ne: true } }, { limit: TIMEOUT_BATCH, projection: { _id: 1, provider_message_id: 1, status: 1 } });
    return open.map((delivery) => ({ id: delivery._id, providerMessageId: delivery.provider_message_id ?? '', status: delivery.status }));
  }

  /**
   * Deliveries planned that nothing ever answered (no document): read from the plan's pages, and the
   * next attempts of retried ones (queued again, not yet answered).
   */
  private async neverAnswered(entry: MessageSessionWorkDocument, pages: number): Promise<StaleDelivery[]> {
    const deliveries = this.readStore.scope(entry.tenant_id).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const unanswered = async (ids: readonly string[]) => {
      const answered = new Set((await deliveries.find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } })).map((delivery) => delivery._id));
      return ids.filter((id) => !answered.has(id)).map((id) => ({ id, providerMessageId: '', status: 'queued' }));
    };
    const found: StaleDelivery[] = [];
    for (let page = 0; page < pages && found.length < TIMEOUT_BATCH; page++) {
      const [queued] = await this.executor.readStreamOrEmpty(messageSessionPageStream(entry._id, page));
      found.push(...(await unanswered(((queued?.data as MessageSessionPageQueued['data'] | undefined)?.deliveries ?? []).map((delivery) => delivery.deliveryId))));
    }
    const retried = await deliveries.find({ session_id: entry._id, superseded: true }, { limit: TIMEOUT_BATCH, projection: { _id: 1 } });
    found.push(...(await unanswered(retried.map((delivery) => nextAttemptId(delivery._id)))));
    // A sequence's later devices are follow-ups' first attempts (their new attempts are found above).
    const history = await this.executor.readStreamOrEmpty(messageSessionStream(entry._id));
    const followUps = history.filter((event) => event.type === 'MessageSessionFollowUpPlanned').map((event) => event.data as MessageSessionFollowUpPlanned['data']);
    for (const { followUp, pages: written } of followUps) {
      for (let page = 0; page < written && found.length < TIMEOUT_BATCH; page++) {
        const [queued] = await this.executor.readStreamOrEmpty(followUpPageStream(entry._id, followUp, page));
        const firsts = ((queued?.data as MessageSessionFollowUpPageQueued['data'] | undefined)?.deliveries ?? []).filter((delivery) => delivery.supersedes === undefined);
        if (firsts.length) found.push(...(await unanswered(firsts.map((delivery) => delivery.deliveryId))));
      }
    }
    return found;
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
