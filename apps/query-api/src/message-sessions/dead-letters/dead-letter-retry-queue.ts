import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { DispatchJob } from '@beacon/contracts';
import {
  deadLetterRetryDecider,
  deadLetterRetryStream,
  foldEvents,
  messageSessionDecider,
  messageSessionStream,
  type FieldDevice,
  type MessageSessionEvent,
  type PlannedDelivery,
} from '@beacon/domain';
import { BUS, CommandExecutor, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { RecipientsReader } from '../../shared/recipients/recipients-reader';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { DEAD_LETTER_RETRY_WORK, type DeadLetterRetryWorkDocument } from '../../shared/read-models/dead-letters.read-model';
import { plannerPrincipal } from '../planning/session-planner';
import { contentByChannel, jobsOf, laneOf, type SessionPlanContext } from '../planning/session-plan';
import { ResponseLinks } from '../two-way/response-links';
import { plannedDeliveriesOf, plannedIdOf } from './planned-deliveries';
import { WorkLoop } from '../../shared/work/work-loop';

/** How often the retries still to queue are looked at. */
const ROUND_MS = 200;
/** Retries taken per round. */
const PER_ROUND = 200;

/**
 * Queues the jobs of dead letters an admin retried, from the retries recorded (a work list in the
 * system scope, so nothing is lost in a restart): each new attempt's job is rebuilt from the session's
 * message as it was sent and the delivery as it was planned, published on the session's lane (the
 * priority lane for a real message: a retry is a handful of messages), and the queueing recorded. A
 * process that stops between the two publishes again on its next round; the workers' ledger sends each
 * attempt once. A retried delivery's text uses the group's opening and closing texts as they are now.
 */
@Injectable()
export class DeadLetterRetryQueue extends WorkLoop {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(RecipientsReader) private readonly reader: RecipientsReader,
    @Inject(ResponseLinks) private readonly responseLinks: ResponseLinks,
  ) {
    super(new Logger('DeadLetterRetryQueue'), ROUND_MS, 'Retries of dead letters');
  }

  /** One round over the retries still to queue (exposed so tests can drive it). */
  async round(): Promise<void> {
    const work = await this.readStore.scope(SYSTEM_TENANT).collection<DeadLetterRetryWorkDocument>(DEAD_LETTER_RETRY_WORK).find({}, { sort: { retried_at: 1 }, limit: PER_ROUND });
    const bySession = new Map<string, DeadLetterRetryWorkDocument[]>();
    for (const entry of work) bySession.set(entry.session_id, [...(bySession.get(entry.session_id) ?? []), entry]);
    for (const [sessionId, entries] of bySession) {
      try {
        await this.queue(sessionId, entries);
      } catch (error) {
        this.logger.error(`Retries of session ${sessionId} will be queued in the next round: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
  }

  private async queue(sessionId: string, entries: readonly DeadLetterRetryWorkDocument[]): Promise<void> {
    const tenantId = entries[0]!.tenant_id;
    const history = await this.executor.readStreamOrEmpty(messageSessionStream(sessionId));
    const session = foldEvents(messageSessionDecider, history.map((event) => ({ type: event.type, data: event.data }) as MessageSessionEvent));
    if (session.status === 'none') throw new Error(`session ${sessionId} has no message`);
    const { origin } = session;
    const context = await this.contextOf(tenantId, origin, entries);
    const lane = laneOf(origin, true);
    const byPage = new Map<number, PlannedDelivery[]>();
    for (const entry of entries) {
      const planned = (await plannedDeliveriesOf(this.executor, sessionId, entry.page)).get(plannedIdOf(entry.delivery_id));
      if (!planned) {
        this.logger.warn(`Retry ${entry._id}: its delivery is not on page ${entry.page} of the plan; nothing is sent.`);
        continue;
      }
      byPage.set(entry.page, [...(byPage.get(entry.page) ?? []), { ...planned, deliveryId: entry._id }]);
    }
    for (const [page, deliveries] of byPage) {
      const links = await this.responseLinks.register(context, deliveries);
      const { topic, messages } = jobsOf(context, page, deliveries, lane, links);
      await this.bus.publishBatch<DispatchJob>(topic, messages);
    }
    await this.executor.execute(
      deadLetterRetryStream(sessionId),
      deadLetterRetryDecider,
      { type: 'RecordDeadLetterRetriesQueued', data: { deliveryIds: entries.map((entry) => entry.delivery_id), at: new Date().toISOString() } },
      { tenantId, customerGroupId: origin.customerGroupId, actorUserId: null, correlationId: sessionId, acceptedAt: new Date() },
    );
  }

  /** What the jobs need of the session: each retried channel's content, and the group's SMS sender name. */
  private async contextOf(tenantId: string, origin: SessionPlanContext['origin'], entries: readonly DeadLetterRetryWorkDocument[]): Promise<SessionPlanContext> {
    const principal = plannerPrincipal(tenantId, origin.senderUserId, origin.customerGroupId);
    const group = await this.readStore.scope(tenantId).collection<CustomerGroupDocument>(CUSTOMER_GROUPS).findOne({ _id: origin.customerGroupId });
    const settings = group?.settings ?? {};
    const channels = new Set(entries.map((entry) => entry._id.split('.')[2] ?? '').map((device) => (device.includes(':') ? device.slice(device.lastIndexOf(':') + 1) : device.toUpperCase())));
    const devices = [...channels]
      .filter((channel): channel is FieldDevice['dispatch_type'] => channel !== 'TEAMS' && channel !== 'SLACK')
      .map((channel): FieldDevice => ({ dispatch_type: channel, label: channel, field_id: '', field_label: '' }));
    const sender = typeof settings.default_sms_sender_name === 'string' ? settings.default_sms_sender_name.trim() : '';
    return {
      tenantId,
      origin,
      devices,
      content: contentByChannel(origin, devices, settings, await this.reader.rootPermissions(principal)),
      ...(sender ? { from: sender } : {}),
    };
  }
}
