import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SENDING_CHANNELS, type SessionDispatchDto, type SessionRecipientDispatchesDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { MESSAGE_DELIVERIES, type MessageDeliveryDocument } from '../../../shared/read-models/message-sessions.read-model';
import { recipientLineId } from '../recipient-line';
import { reasonInWords, recipientDto } from '../report-dtos';
import { SessionReportReader } from '../session-report-reader';
import { SessionRecipientDispatchesQuery } from './session-recipient-dispatches.query';

type Channel = (typeof SENDING_CHANNELS)[number];

/**
 * One person's dispatches: every attempt that has an answer (the deliveries read model), and each
 * device's current attempt still waiting for one (their line), oldest first per device.
 */
@QueryHandler(SessionRecipientDispatchesQuery)
export class SessionRecipientDispatchesHandler implements IQueryHandler<SessionRecipientDispatchesQuery, SessionRecipientDispatchesDto> {
  constructor(
    @Inject(SessionReportReader) private readonly reader: SessionReportReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, sessionId, recipientId }: SessionRecipientDispatchesQuery): Promise<SessionRecipientDispatchesDto> {
    const opened = await this.reader.open(principal, sessionId, 'detail');
    const line = await this.reader.lines(principal).findOne({ _id: recipientLineId(sessionId, recipientId) });
    if (!line) throw notFound();
    const answered = await this.deliveries(principal, sessionId, recipientId);
    const addresses = opened.access.detail;
    const current = new Map(line.devices.map((device) => [device.delivery_id, device]));
    const dispatches: SessionDispatchDto[] = answered.map((delivery) => {
      const device = current.get(delivery._id);
      return {
        delivery_id: delivery._id,
        device_id: delivery.device_id,
        channel: delivery.channel as Channel,
        attempt: delivery.attempt,
        address: addresses ? (delivery.address ?? device?.address ?? null) : null,
        status: device ? device.status : delivery.status,
        provider: delivery.provider,
        provider_message_id: delivery.provider_message_id,
        ...reasonInWords(delivery.status, delivery.reason, delivery.final),
        reply: delivery.reply,
        sent_at: device?.sent_at ?? null,
        answered_at: delivery.queued_at,
        delivered_at: device?.delivered_at ?? (delivery.status === 'delivered' || delivery.status === 'replied' ? delivery.updated_at : null),
        replaced: delivery.superseded,
      };
    });
    const known = new Set(answered.map((delivery) => delivery._id));
    for (const device of line.devices) {
      if (known.has(device.delivery_id)) continue;
      dispatches.push({
        delivery_id: device.delivery_id,
        device_id: device.device_id,
        channel: device.channel as Channel,
        attempt: device.attempt,
        address: addresses ? device.address : null,
        status: device.status,
        provider: device.provider,
        provider_message_id: null,
        ...reasonInWords(device.status, device.reason, device.final),
        reply: device.reply,
        sent_at: device.sent_at,
        answered_at: device.answered_at,
        delivered_at: device.delivered_at,
        replaced: false,
      });
    }
    dispatches.sort((a, b) => a.device_id.localeCompare(b.device_id) || a.attempt - b.attempt);
    return { recipient: recipientDto(line, addresses), dispatches };
  }

  private deliveries(principal: Principal, sessionId: string, recipientId: string): Promise<MessageDeliveryDocument[]> {
    return this.readStore
      .scope(principal.rootId)
      .collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES)
      .find({ session_id: sessionId, recipient_id: recipientId }, { sort: { device_id: 1, attempt: 1 } });
  }
}
