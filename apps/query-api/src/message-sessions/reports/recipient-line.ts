import {
  advanceDeliveryStatus,
  recipientReplyOf,
  recipientStateOf,
  type DeliveryStatus,
  type PagePerson,
  type PlannedDelivery,
} from '@beacon/domain';
import type { MessageSessionRecipientDocument, SessionRecipientDevice } from '../../shared/read-models/session-report.read-model';

/**
 * A person's line in a session's report and how each delivery event moves it: pure functions over the
 * document, each device holding its latest attempt (an answer to an older attempt changes nothing).
 */

/** A delivery id's parts: `<session>.<recipient>.<device>.<attempt>`. */
export function deliveryParts(deliveryId: string) {
  const [sessionId = '', recipientId = '', deviceId = '', attempt = '1'] = deliveryId.split('.');
  return { sessionId, recipientId, deviceId, attempt: Number(attempt) || 1 };
}

export const recipientLineId = (sessionId: string, recipientId: string) => `${sessionId}.${recipientId}`;

const PHONE_CHANNELS = new Set(['SMS', 'VOICE']);

/** The line with its state, reply, reply time and addresses worked out again from its devices. */
export function settled(line: MessageSessionRecipientDocument, at: string): MessageSessionRecipientDocument {
  const { devices, conference } = line;
  const reply = recipientReplyOf(devices, conference);
  const replied = devices
    .filter((device) => device.status === 'replied' && device.replied_at && device.reply?.trim() === reply)
    .sort((a, b) => a.replied_at!.localeCompare(b.replied_at!));
  const digit = replied.at(-1)?.reply_digit;
  return {
    ...line,
    state: recipientStateOf(devices, conference),
    reply,
    reply_key: replied.length === 0 ? reply : digit && /^[0-9]$/.test(digit) ? `Choice ${digit}` : 'Responded',
    reply_time: replied.at(-1)?.replied_at ?? null,
    email: devices.find((device) => device.channel === 'EMAIL')?.address ?? null,
    phone_number: devices.find((device) => PHONE_CHANNELS.has(device.channel))?.address ?? null,
    address_string: devices
      .filter((device) => device.channel !== 'PUSH')
      .map((device) => device.address)
      .filter((address, index, all) => all.indexOf(address) === index)
      .join(', '),
    updated_at: at,
  };
}

/** A device's first attempt (or a new attempt replacing an answered one), queued at `at`. */
export function queuedDevice(delivery: Pick<PlannedDelivery, 'deliveryId' | 'deviceId' | 'channel' | 'address'>, at: string): SessionRecipientDevice {
  return {
    delivery_id: delivery.deliveryId,
    device_id: delivery.deviceId,
    channel: delivery.channel,
    address: delivery.address,
    attempt: deliveryParts(delivery.deliveryId).attempt,
    status: 'queued',
    provider: null,
    reason: null,
    reply: null,
    sent_at: at,
    answered_at: null,
    delivered_at: null,
    replied_at: null,
  };
}

/** A person's line as the plan's page made it: each of their devices queued (none: they hold no address for the message's devices). */
export function newLine(
  sessionId: string,
  page: number,
  person: PagePerson | { id: string; name: null },
  deliveries: readonly PlannedDelivery[],
  conference: boolean,
  at: string,
): MessageSessionRecipientDocument {
  return settled(
    {
      _id: recipientLineId(sessionId, person.id),
      session_id: sessionId,
      recipient_id: person.id,
      page,
      name: person.name,
      name_key: (person.name ?? '').toLowerCase(),
      email: null,
      phone_number: null,
      address_string: '',
      conference,
      devices: deliveries.map((delivery) => queuedDevice(delivery, at)),
      state: 'Pending',
      reply: '',
      reply_key: '',
      reply_time: null,
      updated_at: at,
    },
    at,
  );
}

/** What an event tells of one attempt: its status (moving only forward) and what came with it. */
export interface AttemptNews {
  readonly status: DeliveryStatus;
  readonly at: string;
  readonly provider?: string | null;
  readonly address?: string | null;
  readonly reason?: string | null;
  readonly reply?: string;
  readonly replyDigit?: string;
  readonly final?: boolean;
}

/** The device with the news of its current attempt; news of an older attempt changes nothing. */
export function withNews(device: SessionRecipientDevice, deliveryId: string, news: AttemptNews): SessionRecipientDevice {
  if (deliveryParts(deliveryId).attempt !== device.attempt) return device;
  const status = advanceDeliveryStatus(device.status, news.status);
  const moved = status !== device.status;
  const reached = status === 'delivered' || status === 'replied';
  return {
    ...device,
    status,
    provider: device.provider ?? news.provider ?? null,
    address: news.address || device.address,
    answered_at: device.answered_at ?? (news.status === 'queued' ? null : news.at),
    delivered_at: device.delivered_at ?? (reached ? news.at : null),
    ...(moved && news.reason !== undefined ? { reason: news.reason } : {}),
    ...(moved && news.final ? { final: true } : {}),
    // A reply the device already holds (a repeated callback) keeps its first time; a different one is their latest.
    ...(news.status === 'replied' && news.reply !== undefined && news.reply !== device.reply
      ? { reply: news.reply, replied_at: news.at, ...(news.replyDigit === undefined ? {} : { reply_digit: news.replyDigit }) }
      : {}),
  };
}

/** The line with one attempt's news, or a new attempt taking a device's place (a retry, a resend, the auto-retry). */
export function lineWith(
  line: MessageSessionRecipientDocument,
  deliveryId: string,
  change: { readonly news: AttemptNews } | { readonly attempt: Pick<PlannedDelivery, 'deliveryId' | 'deviceId' | 'channel' | 'address'>; readonly at: string },
): MessageSessionRecipientDocument {
  const { deviceId } = deliveryParts(deliveryId);
  const index = line.devices.findIndex((device) => device.device_id === deviceId);
  if ('news' in change) {
    if (index < 0) return line;
    const devices = [...line.devices];
    devices[index] = withNews(devices[index]!, deliveryId, change.news);
    return { ...line, devices };
  }
  const next = queuedDevice(change.attempt, change.at);
  if (index < 0) return { ...line, devices: [...line.devices, next] };
  // Only a later attempt replaces the one the device holds (a replay of an older one changes nothing).
  if (next.attempt <= line.devices[index]!.attempt) return line;
  const devices = [...line.devices];
  devices[index] = { ...next, address: change.attempt.address || line.devices[index]!.address };
  return { ...line, devices };
}
