import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { DispatchLane } from '@beacon/contracts';
import {
  DomainError,
  foldEvents,
  inSequenceOrder,
  messageSessionDecider,
  messageSessionPageDecider,
  messageSessionPageStream,
  messageSessionStream,
  type MessageSessionEvent,
  type MessageSessionOrigin,
  type MessageSessionPageQueued,
  type PagePerson,
  type PlannedDelivery,
  type ChannelCounts,
  type QuotaShortfall,
} from '@beacon/domain';
import { BUS, CommandExecutor, PLATFORM_CONFIG, READ_STORE, type PlatformConfig, type Principal } from '@beacon/platform';
import type { Collection, Filter, ReadStore } from '@beacon/read-store';
import { ProjectionHost } from '../../shared/projections/projection-host';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';
import { PUSH_SUBSCRIPTIONS, type PushSubscriptionDocument } from '../../shared/read-models/push-subscriptions.read-model';
import { queuedOf } from '../session-progress';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { allOf, filterOf, noneOf, recipientCountPlan } from '../../shared/recipients/recipient-count-plan';
import { RecipientSelection, type RecipientsRequest, type ResolvedRecipients } from '../../shared/recipients/recipient-selection';
import { ResponseLinks } from '../two-way/response-links';
import { ChosenAhead } from './chosen-ahead';
import { DailyQuotaCheck } from '../../shared/quotas/daily-quota-check';
import { sessionNeeds } from './session-needs';
import { prepareConference } from './conference-preparation';
import { conferenceOf, contentByChannel, deliveriesOf, jobsOf, laneOf, pushDeliveries, webhookDeliveries, type SessionPlanContext } from './session-plan';

/** People per page of a plan: one page is one append and one batch of jobs on the bus. */
export const PLAN_PAGE_SIZE = 500;
/**
 * Pages one call plans before it hands over to the next session: sessions take turns, so a small
 * message is planned while a large broadcast is still being planned.
 */
export const PAGES_PER_TURN = 4;
/** How long planning waits for the read models to reach the moment the session started. */
const CAUGHT_UP_WAIT_MS = 10_000;

/** A session's planning as it stands. */
interface PlanCursor {
  readonly origin: MessageSessionOrigin;
  readonly context: SessionPlanContext;
  /** The chosen people, read several pages ahead (null: nobody). */
  readonly chosen: ChosenAhead | null;
  nextPage: number;
  previous: MessageSessionPageQueued['data'] | null;
  recipients: number;
  deliveries: number;
  /** The people the criteria chose whom an exclusion left out (undefined: the message excludes nobody). */
  excluded?: number;
}

/** Planning stopped for now (the tenant's queue is full, the read models are behind); the next round carries on. */
export class PlanningPaused extends Error {}

/**
 * Plans a started session: resolves its recipients from the read models as they stood when it
 * started (the count's resolution, RecipientSelection), page by page in user-id order so memory stays
 * flat whatever the group's size, writes each page (its deliveries, each with its id) once, and queues
 * the page's jobs on the bus. A planner that stopped half-way carries on after the last page written,
 * queueing that page again (the workers' ledger sends each delivery once). While the tenant has more
 * than DISPATCH_MAX_QUEUED_PER_TENANT deliveries queued it pauses, so the bus and memory stay bounded.
 */
@Injectable()
export class SessionPlanner {
  private readonly logger = new Logger('SessionPlanner');

  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(RecipientSelection) private readonly selection: RecipientSelection,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(ResponseLinks) private readonly responseLinks: ResponseLinks,
    @Inject(DailyQuotaCheck) private readonly quotas: DailyQuotaCheck,
  ) {}

  /** Where planning stands for each session this node is planning (rebuilt from the written pages after a restart). */
  private readonly cursors = new Map<string, PlanCursor>();

  /** Plans up to PAGES_PER_TURN more pages of the session; resolves true while pages remain to plan. */
  async plan(tenantId: string, sessionId: string): Promise<boolean> {
    const cursor = this.cursors.get(sessionId) ?? (await this.begin(tenantId, sessionId));
    if (!cursor) return false;
    this.cursors.set(sessionId, cursor);
    const { context, origin } = cursor;
    for (let turn = 0; turn < PAGES_PER_TURN; turn++) {
      const page = cursor.nextPage;
      let written = await this.pageOf(sessionId, page);
      if (!written) {
        await this.waitForRoom(tenantId);
        const users = cursor.chosen ? await cursor.chosen.pageAfter(cursor.previous?.last ?? null) : [];
        const webhooks = page === 0 ? webhookDeliveries(origin) : [];
        const people = await this.addresses(tenantId, users);
        const data: MessageSessionPageQueued['data'] = {
          sessionId,
          page,
          recipients: users.length + webhooks.length,
          last: users.at(-1)?._id ?? cursor.previous?.last ?? null,
          final: users.length < PLAN_PAGE_SIZE,
          deliveries: [...webhooks, ...deliveriesOf(context, people), ...pushDeliveries(origin, await this.browsers(tenantId, origin, users))],
          people: [...webhookPeople(webhooks), ...people.map(personOf)],
          ...(origin.scenario.scenario_type === 'conference' ? { conference: true as const } : {}),
          at: new Date().toISOString(),
        };
        const outcome = await this.executor.execute(messageSessionPageStream(sessionId, page), messageSessionPageDecider, { type: 'QueueMessageSessionPage', data }, {
          tenantId,
          customerGroupId: origin.customerGroupId,
          actorUserId: null,
          correlationId: sessionId,
          acceptedAt: new Date(),
        });
        // In a race with another planner, its page is the one written, and the one queued.
        written = outcome.state.queued ? outcome.state.page : data;
      }
      await this.queue(context, written, laneOf(origin, page === 0 && written.final));
      if (this.advance(cursor, written)) {
        this.cursors.delete(sessionId);
        await this.planned(tenantId, sessionId, cursor);
        return false;
      }
    }
    return true;
  }

  /** Counts a written page in; true when it was the last. */
  private advance(cursor: PlanCursor, written: MessageSessionPageQueued['data']): boolean {
    cursor.recipients += written.recipients;
    cursor.deliveries += written.deliveries.length;
    cursor.previous = written;
    cursor.nextPage = written.page + 1;
    return written.final;
  }

  /**
   * What planning a session needs, read once: its message as sent, the read models caught up with its
   * start, its recipients resolved, its channels' texts; and the pages already written (a restart),
   * the last of which is queued again, since it may not have reached the bus.
   */
  private async begin(tenantId: string, sessionId: string): Promise<PlanCursor | null> {
    const history = await this.executor.readStreamOrEmpty(messageSessionStream(sessionId));
    const state = foldEvents(messageSessionDecider, history.map((event) => ({ type: event.type, data: event.data }) as MessageSessionEvent));
    if (state.status !== 'planning') return null;
    const started = history.find((event) => event.type === 'MessageSessionStarted')!;
    if (!(await this.projections.runner.waitFor(started.position, CAUGHT_UP_WAIT_MS))) throw new PlanningPaused('the read models have not reached the send yet');

    const { origin } = state;
    const { context, users, filter, excluded, needs } = await this.resolve(tenantId, origin, Date.parse(started.recordedAt));
    // Before its first page: what it needs on each channel is counted against the day's quotas, or it is refused.
    if (!(await this.pageOf(sessionId, 0))) {
      const shortfall = await this.quotas.admit(tenantId, origin, Date.parse(started.recordedAt), needs);
      if (shortfall) {
        await this.refuse(tenantId, origin, shortfall);
        return null;
      }
    }
    // A conference's bridge and script, before any of its calls is queued.
    await prepareConference(this.executor, tenantId, origin, context);
    const cursor: PlanCursor = {
      origin,
      context,
      chosen: users && filter ? new ChosenAhead(users, filter, PLAN_PAGE_SIZE) : null,
      nextPage: 0,
      previous: null,
      recipients: 0,
      deliveries: 0,
      ...(users && excluded ? { excluded: await users.count(excluded) } : {}),
    };
    for (let written = await this.pageOf(sessionId, 0); written; written = await this.pageOf(sessionId, cursor.nextPage)) {
      const last = this.advance(cursor, written);
      const next = last ? null : await this.pageOf(sessionId, cursor.nextPage);
      if (!next) await this.queue(context, written, laneOf(origin, written.page === 0 && written.final));
      if (last) {
        await this.planned(tenantId, sessionId, cursor);
        return null;
      }
    }
    return cursor;
  }

  /**
   * A session's recipients resolved as they stood at `at` (its start), its devices (for a sequence in
   * its order) and each channel's text: what its plan's and its follow-ups' jobs are made of.
   */
  async resolve(
    tenantId: string,
    origin: MessageSessionOrigin,
    at: number,
  ): Promise<{ context: SessionPlanContext; users: Collection | null; filter: Filter | null; excluded: Filter | null; needs: () => Promise<ChannelCounts> }> {
    const { sessionId, scenario } = origin;
    const principal = plannerPrincipal(tenantId, origin.senderUserId, origin.customerGroupId);
    let resolved: ResolvedRecipients | null;
    try {
      resolved = await this.selection.resolve(
        principal,
        {
          // The draft's lists are read-only; the selection only reads them.
          recipients: scenario.recipients as unknown as RecipientsRequest['recipients'],
          devices: scenario.scenario_type === 'sequence' ? inSequenceOrder(scenario.devices) : [...scenario.devices],
          customer_group: origin.customerGroupId,
          is_phone_invoke: scenario.is_phone_invoke,
        },
        at,
      );
    } catch (error) {
      // The message was checked when sent; a device or value removed since leaves nobody to send to.
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`Session ${sessionId}: its recipients no longer resolve (${error.message}); nobody is sent to.`);
      resolved = null;
    }
    const context: SessionPlanContext = {
      tenantId,
      origin,
      devices: resolved?.devices ?? [],
      content: contentByChannel(origin, resolved?.devices ?? [], resolved?.group.settings ?? {}, resolved ? await this.selection.reader.rootPermissions(principal) : []),
      ...(typeof resolved?.group.settings.default_sms_sender_name === 'string' && resolved.group.settings.default_sms_sender_name.trim()
        ? { from: resolved.group.settings.default_sms_sender_name.trim() }
        : {}),
      ...conferenceOf(origin, resolved?.group.settings ?? {}),
    };
    const chosen = resolved ? recipientCountPlan(resolved.criteria, resolved.counted.fields) : null;
    return {
      context,
      users: resolved?.counted.collection ?? null,
      filter: chosen && chosen.included !== false ? filterOf(allOf([chosen.included, chosen.subsets[0] ?? true])) : null,
      // Those the criteria choose and an exclusion leaves out; none to count when the message excludes nobody.
      excluded: chosen && chosen.included !== false && chosen.subsets[0] !== undefined && chosen.subsets[0] !== true ? filterOf(allOf([chosen.included, noneOf(chosen.subsets[0])])) : null,
      needs: () => sessionNeeds(origin, resolved),
    };
  }

  /** The session would go past a daily quota: it is refused, with the numbers, and nothing of it is queued. */
  private async refuse(tenantId: string, origin: MessageSessionOrigin, quota: QuotaShortfall): Promise<void> {
    await this.executor.execute(
      messageSessionStream(origin.sessionId),
      messageSessionDecider,
      { type: 'RefuseMessageSession', data: { quota, at: new Date().toISOString() } },
      { tenantId, customerGroupId: origin.customerGroupId, actorUserId: null, correlationId: origin.sessionId, acceptedAt: new Date() },
    );
    this.logger.log(`Session ${origin.sessionId}: refused by the daily ${quota.channel} quota (${quota.needed} needed, ${quota.used} of ${quota.quota} used on ${quota.day}).`);
  }

  private async planned(tenantId: string, sessionId: string, { nextPage: pages, recipients, deliveries, context, excluded }: PlanCursor): Promise<void> {
    const state = await this.executor.execute(
      messageSessionStream(sessionId),
      messageSessionDecider,
      // The devices the plan sends on: a sequence goes through them one by one.
      {
        type: 'RecordMessageSessionPlanned',
        data: { pages, recipients, deliveries, devices: context.devices.length, ...(excluded === undefined ? {} : { excluded }), at: new Date().toISOString() },
      },
      { tenantId, actorUserId: null, correlationId: sessionId, acceptedAt: new Date() },
    );
    if (state.events.length) this.logger.log(`Session ${sessionId}: ${recipients} recipients, ${deliveries} deliveries queued in ${pages} pages.`);
  }

  private async pageOf(sessionId: string, page: number): Promise<MessageSessionPageQueued['data'] | null> {
    const events = await this.executor.readStreamOrEmpty(messageSessionPageStream(sessionId, page));
    return (events[0]?.data as MessageSessionPageQueued['data'] | undefined) ?? null;
  }

  private async queue(context: SessionPlanContext, page: MessageSessionPageQueued['data'], lane: DispatchLane): Promise<void> {
    if (!page.deliveries.length) return;
    const links = await this.responseLinks.register(context, page.deliveries);
    const { topic, messages } = jobsOf(context, page.page, page.deliveries, lane, links);
    await this.bus.publishBatch(topic, messages);
  }

  /** The people's device values, from their user documents. */
  private async addresses(tenantId: string, users: readonly { _id: string }[]) {
    if (!users.length) return [];
    return this.readStore
      .scope(tenantId)
      .collection<UserDocument>(USERS)
      .find({ _id: { $in: users.map((user) => user._id) } }, { projection: { _id: 1, field_values: 1, first_name: 1, last_name: 1 }, sort: { _id: 1 } });
  }

  /** The browsers the people registered for push, when the message is sent by push (use_pwa). */
  private async browsers(tenantId: string, origin: MessageSessionOrigin, users: readonly { _id: string }[]) {
    if (!origin.scenario.use_pwa || !users.length) return [];
    return this.readStore
      .scope(tenantId)
      .collection<PushSubscriptionDocument>(PUSH_SUBSCRIPTIONS)
      .find({ user_id: { $in: users.map((user) => user._id) }, gone: false }, { projection: { _id: 1, user_id: 1, endpoint: 1, keys: 1 }, sort: { user_id: 1, registered_at: 1 } });
  }

  /** Waits while the tenant has more deliveries queued than it may (DISPATCH_MAX_QUEUED_PER_TENANT); gives up for this round after a while. */
  async waitForRoom(tenantId: string): Promise<void> {
    for (let tries = 0; tries < 50; tries++) {
      if ((await this.queued(tenantId)) < this.config.dispatchMaxQueuedPerTenant) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new PlanningPaused(`tenant ${tenantId} has ${this.config.dispatchMaxQueuedPerTenant} or more deliveries queued`);
  }

  /**
   * The tenant's deliveries queued and not yet answered: of each session planning or sending, those
   * planned (as this planner knows them, or the read model for sessions it is not planning) less those
   * with an answer.
   */
  private async queued(tenantId: string): Promise<number> {
    const sessions = await this.readStore
      .scope(tenantId)
      .collection<MessageSessionDocument>(MESSAGE_SESSIONS)
      .find({ status: { $in: ['planning', 'sending'] } }, { projection: { _id: 1, deliveries: 1, answered: 1 } });
    return sessions.reduce((sum, session) => sum + queuedOf({ ...session, deliveries: Math.max(session.deliveries, this.cursors.get(session._id)?.deliveries ?? 0) }), 0);
  }
}

/** Who the planner resolves recipients as: the sender, within the message's group. */
export function plannerPrincipal(tenantId: string, senderUserId: string, customerGroupId: string): Principal {
  return { userId: senderUserId, email: '', sessionId: '', customerGroupId, rootId: tenantId, customerPermission: 'ADMIN', tokenId: '', expiresAt: 0 };
}

/** A person on a page, by the name the report shows. */
const personOf = (user: Pick<UserDocument, '_id' | 'first_name' | 'last_name'>): PagePerson => ({
  id: user._id,
  name: [user.first_name, user.last_name].filter((part) => part?.trim()).join(' ').trim(),
});

/** The Teams and Slack webhooks of the first page, named as the report lists them ("Teams webhook 1"). */
const webhookPeople = (webhooks: readonly PlannedDelivery[]): PagePerson[] =>
  webhooks.map((webhook) => ({ id: webhook.recipientId, name: `${webhook.channel === 'TEAMS' ? 'Teams' : 'Slack'} webhook ${webhook.recipientId.split('-').at(-1)}` }));
