import { Inject, type OnModuleInit } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SENDING_LIST_DEFAULT_PAGE_SIZE, type SimulatedMessageDto, type SimulatedMessagePageDto } from '@beacon/contracts';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { Document, Filter, ReadStore } from '@beacon/read-store';
import {
  MESSAGE_DELIVERIES,
  MESSAGE_SESSIONS,
  type MessageDeliveryDocument,
  type MessageSessionDocument,
} from '../../shared/read-models/message-sessions.read-model';
import { SimulatorOutboxQuery } from './simulator-outbox.query';

/** What the simulator keeps of a message it "sent" (apps/dispatch-worker simulator.provider.ts). */
interface SimulatedMessageDocument extends Document {
  session_id: string;
  channel: SimulatedMessageDto['channel'];
  address: string;
  subject: string | null;
  content: string;
  sent_at: string;
}

/** The simulated recipient's answer, as its delivery's status says; nothing final yet is still sending. */
const OUTCOMES: ReadonlySet<string> = new Set(['delivered', 'failed', 'replied', 'timed_out', 'unknown']);

/**
 * GET /api/simulator/outbox/ (admin): the outbox newest first, each message with what the simulated
 * recipient did (its delivery's status) and its session's message name.
 */
@QueryHandler(SimulatorOutboxQuery)
export class SimulatorOutboxHandler implements IQueryHandler<SimulatorOutboxQuery, SimulatedMessagePageDto>, OnModuleInit {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The outbox is the dispatch workers' (no projection declares its indexes): the list's are made here. */
  async onModuleInit(): Promise<void> {
    await this.readStore.ensureIndexes(DISPATCH_OUTBOX_COLLECTION, [
      { keys: { sent_at: -1 }, name: 'outbox_newest' },
      { keys: { session_id: 1, sent_at: -1 }, name: 'outbox_by_session' },
      { keys: { channel: 1, sent_at: -1 }, name: 'outbox_by_channel' },
    ]);
  }

  async execute({ principal, query }: SimulatorOutboxQuery): Promise<SimulatedMessagePageDto> {
    const scope = this.readStore.scope(principal.rootId);
    const page = query.page ?? 1;
    const size = query.page_size ?? SENDING_LIST_DEFAULT_PAGE_SIZE;
    const filter: Filter = { ...(query.session ? { session_id: query.session } : {}), ...(query.channel ? { channel: query.channel } : {}) };
    const outbox = scope.collection<SimulatedMessageDocument>(DISPATCH_OUTBOX_COLLECTION);
    const [count, messages] = await Promise.all([outbox.count(filter), outbox.find(filter, { sort: { sent_at: -1 }, skip: (page - 1) * size, limit: size })]);
    const [deliveries, sessions] = await Promise.all([
      scope
        .collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES)
        .find({ _id: { $in: messages.map((message) => message._id) } }, { projection: { _id: 1, status: 1, reason: 1, reply: 1 } }),
      scope
        .collection<MessageSessionDocument>(MESSAGE_SESSIONS)
        .find({ _id: { $in: [...new Set(messages.map((message) => message.session_id))] } }, { projection: { _id: 1, name: 1 } }),
    ]);
    const answers = new Map(deliveries.map((delivery) => [delivery._id, delivery]));
    const names = new Map(sessions.map((session) => [session._id, session.name]));
    const results = messages.map((message): SimulatedMessageDto => {
      const delivery = answers.get(message._id);
      const outcome = delivery && OUTCOMES.has(delivery.status) ? (delivery.status as SimulatedMessageDto['outcome']) : 'sending';
      return {
        id: message._id,
        session_id: message.session_id,
        message_name: names.get(message.session_id) ?? null,
        channel: message.channel,
        address: message.address,
        subject: message.subject,
        text: message.content,
        sent_at: message.sent_at,
        outcome,
        reason: outcome === 'failed' || outcome === 'timed_out' ? (delivery?.reason ?? null) : null,
        reply: outcome === 'replied' ? (delivery?.reply ?? null) : null,
      };
    });
    return { count, next: page * size < count ? page + 1 : null, previous: page > 1 ? page - 1 : null, results };
  }
}
