import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { DispatchLane } from '@beacon/contracts';
import {
  attemptsAgain,
  foldEvents,
  followUpPageDecider,
  followUpPageStream,
  messageSessionDecider,
  messageSessionPageStream,
  messageSessionStream,
  pendingFollowUps,
  sequenceStep,
  type AgainRule,
  type FollowUpDelivery,
  type FollowUpRecord,
  type MessageSessionEvent,
  type MessageSessionFollowUpPageQueued,
  type MessageSessionPageQueued,
  type MessageSessionPlanned,
  type RecipientDelivery,
} from '@beacon/domain';
import { BUS, CommandExecutor, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ProjectionHost } from '../../shared/projections/projection-host';
import { DailyQuotaCheck } from '../../shared/quotas/daily-quota-check';
import { MESSAGE_DELIVERIES, type MessageDeliveryDocument } from '../../shared/read-models/message-sessions.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { ResponseLinks } from '../two-way/response-links';
import { jobsOf, laneOf, reachableDevices, type SessionPlanContext } from './session-plan';
import { PAGES_PER_TURN, PlanningPaused, SessionPlanner } from './session-planner';

/** How long a follow-up waits for the read models to reach its start (the answers it reads are those up to then). */
const CAUGHT_UP_WAIT_MS = 10_000;

/** Where a follow-up's queueing stands. */
interface FollowUpCursor {
  readonly followUp: FollowUpRecord;
  readonly context: SessionPlanContext;
  /** The plan's pages: follow-up page n goes to the people of plan page n. */
  readonly pages: number;
  readonly lane: DispatchLane;
  nextPage: number;
  deliveries: number;
  /** Its deliveries by channel, for the daily quotas (counted in once it is queued). */
  readonly channels: Record<string, number>;
  /** When it began: the day it is counted in. */
  readonly begunAt: number;
}

type Answered = Pick<MessageDeliveryDocument, '_id' | 'recipient_id' | 'device_id' | 'channel' | 'status' | 'address' | 'reply'>;

/**
 * Queues a session's follow-ups (follow-up.ts), one at a time, first begun first: for each page of
 * the plan, the people on it, their deliveries as the read models hold them when the follow-up began,
 * and the domain's rule of who gets what (a new attempt, or a sequence's next device); each page is
 * written once and its jobs go to the plan page's ledger, so a planner that stops half-way carries on
 * and nothing is sent twice. Then the follow-up is recorded as queued.
 */
@Injectable()
export class FollowUpPlanner {
  private readonly logger = new Logger('FollowUpPlanner');
  private readonly cursors = new Map<string, FollowUpCursor>();

  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(SessionPlanner) private readonly planner: SessionPlanner,
    @Inject(ResponseLinks) private readonly responseLinks: ResponseLinks,
    @Inject(DailyQuotaCheck) private readonly quotas: DailyQuotaCheck,
  ) {}

  /** Queues up to PAGES_PER_TURN pages of the session's first pending follow-up; resolves true while pages remain. */
  async plan(tenantId: string, sessionId: string): Promise<boolean> {
    const history = await this.executor.readStreamOrEmpty(messageSessionStream(sessionId));
    const state = foldEvents(messageSessionDecider, history.map((event) => ({ type: event.type, data: event.data }) as MessageSessionEvent));
    const pending = pendingFollowUps(state)[0];
    if (state.status === 'none' || !pending) return false;
    const key = `${sessionId}/${pending.followUp}`;
    let cursor = this.cursors.get(key);
    if (!cursor) {
      const begun = history.find((event) => event.type === 'MessageSessionFollowUpStarted' && (event.data as { followUp: number }).followUp === pending.followUp)!;
      if (!(await this.projections.runner.waitFor(begun.position, CAUGHT_UP_WAIT_MS))) throw new PlanningPaused('the read models have not reached the follow-up yet');
      const started = history.find((event) => event.type === 'MessageSessionStarted')!;
      const planned = history.find((event) => event.type === 'MessageSessionPlanned')!.data as MessageSessionPlanned['data'];
      const { context } = await this.planner.resolve(tenantId, state.origin, Date.parse(started.recordedAt));
      cursor = {
        followUp: pending,
        context,
        pages: planned.pages,
        lane: laneOf(state.origin, planned.pages === 1),
        nextPage: 0,
        deliveries: 0,
        channels: {},
        begunAt: Date.parse(begun.recordedAt),
      };
      this.cursors.set(key, cursor);
    }
    for (let turn = 0; turn < PAGES_PER_TURN; turn++) {
      const page = cursor.nextPage;
      let written = await this.pageOf(sessionId, pending.followUp, page);
      if (!written) {
        await this.planner.waitForRoom(tenantId);
        const data: MessageSessionFollowUpPageQueued['data'] = {
          sessionId,
          followUp: pending.followUp,
          page,
          final: page >= cursor.pages - 1,
          deliveries: await this.deliveriesOf(cursor, sessionId, page),
          at: new Date().toISOString(),
        };
        const outcome = await this.executor.execute(followUpPageStream(sessionId, pending.followUp, page), followUpPageDecider, { type: 'QueueFollowUpPage', data }, {
          tenantId,
          customerGroupId: state.origin.customerGroupId,
          actorUserId: null,
          correlationId: sessionId,
          acceptedAt: new Date(),
        });
        written = outcome.state.queued ? outcome.state.page : data;
      }
      if (written.deliveries.length) {
        const links = await this.responseLinks.register(cursor.context, written.deliveries);
        const { topic, messages } = jobsOf(cursor.context, page, written.deliveries, cursor.lane, links);
        await this.bus.publishBatch(topic, messages);
      }
      cursor.deliveries += written.deliveries.length;
      for (const delivery of written.deliveries) cursor.channels[delivery.channel] = (cursor.channels[delivery.channel] ?? 0) + 1;
      cursor.nextPage = page + 1;
      if (written.final) {
        this.cursors.delete(key);
        await this.planned(tenantId, sessionId, cursor);
        return false;
      }
    }
    return true;
  }

  private async planned(tenantId: string, sessionId: string, cursor: FollowUpCursor): Promise<void> {
    const { followUp } = cursor.followUp;
    // Before it is recorded as queued, so a planner stopped in between counts it on its next round (once). A
    // sequence's steps were counted with its start (every device of its people), so they are not counted again.
    if (cursor.followUp.kind !== 'sequence') await this.quotas.countIn(tenantId, cursor.context.origin, `follow-up/${followUp}`, cursor.begunAt, cursor.channels);
    const outcome = await this.executor.execute(
      messageSessionStream(sessionId),
      messageSessionDecider,
      { type: 'RecordFollowUpPlanned', data: { followUp, pages: cursor.nextPage, deliveries: cursor.deliveries, at: new Date().toISOString() } },
      { tenantId, actorUserId: null, correlationId: sessionId, acceptedAt: new Date() },
    );
    if (outcome.events.length) this.logger.log(`Session ${sessionId}: follow-up ${followUp} (${cursor.followUp.kind}) queued ${cursor.deliveries} deliveries.`);
  }

  /** The follow-up's deliveries to the people of the plan's page: who gets what is the domain's rule. */
  private async deliveriesOf(cursor: FollowUpCursor, sessionId: string, page: number): Promise<FollowUpDelivery[]> {
    const [queued] = await this.executor.readStreamOrEmpty(messageSessionPageStream(sessionId, page));
    const plannedPage = queued?.data as MessageSessionPageQueued['data'] | undefined;
    const people = [...new Set((plannedPage?.deliveries ?? []).filter((delivery) => delivery.deviceId.includes(':')).map((delivery) => delivery.recipientId))];
    if (!people.length) return [];
    const tenant = this.readStore.scope(cursor.context.tenantId);
    const answered = await tenant
      .collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES)
      .find({ session_id: sessionId, recipient_id: { $in: people }, superseded: false }, { projection: { _id: 1, recipient_id: 1, device_id: 1, channel: 1, status: 1, address: 1, reply: 1 } });
    const users = new Map(
      (await tenant.collection<UserDocument>(USERS).find({ _id: { $in: people } }, { projection: { _id: 1, field_values: 1 } })).map((user) => [user._id, user]),
    );
    const byPerson = new Map<string, RecipientDelivery[]>(people.map((person) => [person, []]));
    for (const delivery of answered as Answered[]) byPerson.get(delivery.recipient_id)?.push(asRecipientDelivery(delivery));
    const { followUp, context } = cursor;
    return [...byPerson].flatMap(([person, deliveries]) => {
      const user = users.get(person);
      if (followUp.kind === 'sequence') {
        const next = user ? sequenceStep(sessionId, person, reachableDevices(context, user), followUp.step ?? 0, deliveries) : null;
        return next ? [next] : [];
      }
      // A conference reads its replies as the spec says (a decline is no response) and recalls those not connected.
      const conference = context.origin.scenario.scenario_type === 'conference';
      const rule: AgainRule = followUp.kind === 'resend' ? { kind: 'resend', reply: followUp.reply ?? 'No Response', conference } : { kind: 'auto_retry', conference };
      const current = user ? reachableDevices(context, user) : [];
      return attemptsAgain(rule, deliveries, (delivery) => current.find((device) => device.deviceId === delivery.deviceId)?.address ?? null);
    });
  }

  private async pageOf(sessionId: string, followUp: number, page: number): Promise<MessageSessionFollowUpPageQueued['data'] | null> {
    const events = await this.executor.readStreamOrEmpty(followUpPageStream(sessionId, followUp, page));
    return (events[0]?.data as MessageSessionFollowUpPageQueued['data'] | undefined) ?? null;
  }
}

const asRecipientDelivery = (delivery: Answered): RecipientDelivery => ({
  deliveryId: delivery._id,
  recipientId: delivery.recipient_id,
  deviceId: delivery.device_id,
  channel: delivery.channel,
  status: delivery.status,
  address: delivery.address,
  reply: delivery.reply,
});
