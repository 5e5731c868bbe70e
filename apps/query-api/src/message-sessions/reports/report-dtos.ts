import {
  SENDING_CHANNELS,
  type SessionAggregateDto,
  type SessionReportAggregate,
  type SessionRecipientDeviceDto,
  type SessionRecipientDto,
  type SessionReportDetailsDto,
  type SessionStatisticsDto,
} from '@beacon/contracts';
import {
  DELIVERY_FAILURE,
  EXCLUDED_USERS,
  FAILURE_KIND_WORDS,
  failureKindOf,
  NO_RESPONSE,
  RECIPIENT_STATES,
  type RecipientState,
} from '@beacon/domain';
import type { MessageSessionRecipientDocument, MessageSessionReportDocument, SessionRecipientDevice } from '../../shared/read-models/session-report.read-model';
import type { OpenedReport } from './session-report-reader';

type Channel = (typeof SENDING_CHANNELS)[number];

const secondsBetween = (from: string, to: string | null) => (to ? Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 100) / 10) : null);

/** A failure's reason for a sender: what kind of failure, then the provider's own words. */
export function reasonInWords(status: SessionRecipientDevice['status'], reason: string | null, final = false): { failure: SessionRecipientDeviceDto['failure']; reason: string | null } {
  const failure = status === 'unknown' && !final ? null : failureKindOf(status, reason);
  if (!failure) return { failure: null, reason };
  const words = FAILURE_KIND_WORDS[failure];
  return { failure, reason: reason && reason.trim() && !words.includes(reason.trim()) ? `${words}. ${reason.trim()}` : words };
}

export function deviceDto(device: SessionRecipientDevice, addresses: boolean): SessionRecipientDeviceDto {
  return {
    device_id: device.device_id,
    channel: device.channel as Channel,
    address: addresses ? device.address : null,
    attempt: device.attempt,
    status: device.status,
    ...reasonInWords(device.status, device.reason, device.final),
    sent_at: device.sent_at,
    delivered_at: device.delivered_at,
    seconds_to_delivery: secondsBetween(device.sent_at, device.delivered_at),
  };
}

/** A person's line as the caller may see it: without address strings for a caller not allowed them. */
export function recipientDto(line: MessageSessionRecipientDocument, addresses: boolean): SessionRecipientDto {
  return {
    id: line.recipient_id,
    name: line.name,
    address_string: addresses ? line.address_string : null,
    email: addresses ? line.email : null,
    phone_number: addresses ? line.phone_number : null,
    state: line.state,
    reply: line.reply,
    reply_time: line.reply_time,
    // Nobody to send to: the person holds no address for the message's devices, which the report says.
    note: line.devices.length === 0 ? FAILURE_KIND_WORDS.no_device : null,
    devices: line.devices.map((device) => deviceDto(device, addresses)),
  };
}

const count = (counts: Readonly<Record<string, number>> | undefined, key: string) => Math.max(0, counts?.[key] ?? 0);

export function statesOf(report: MessageSessionReportDocument | null): Record<RecipientState, number> {
  return Object.fromEntries(RECIPIENT_STATES.map((state) => [state, count(report?.states, state)])) as Record<RecipientState, number>;
}

/** The statistics: always adding up, total = delivered + failures + pending + excluded. */
export function statisticsOf(report: MessageSessionReportDocument | null): SessionStatisticsDto {
  const states = statesOf(report);
  const excluded = Math.max(0, report?.excluded ?? 0);
  const delivered = states['Successful Delivery'] + states['Successful Connection'] + states['Conference Rejected'];
  const responded = Object.entries(report?.replies ?? {})
    .filter(([key]) => key !== NO_RESPONSE && key !== DELIVERY_FAILURE && key !== '')
    .reduce((sum, [, value]) => sum + Math.max(0, value), 0);
  return {
    total_recipients: delivered + states['Delivery Failure'] + states.Pending + excluded,
    excluded_users: excluded,
    total_responded_recipients: responded,
    delivered_recipients: delivered,
    delivery_failures: states['Delivery Failure'],
    pending_recipients: states.Pending,
  };
}

export function reportDetailsDto({ session, report, access }: OpenedReport): SessionReportDetailsDto {
  const channels = SENDING_CHANNELS.filter((channel) => (report?.channels ?? []).includes(channel));
  const phone = channels.includes('SMS') || channels.includes('VOICE');
  return {
    session_id: session._id,
    name: session.name,
    session_type: session.scenario_type,
    is_real: session.is_real,
    status: session.status,
    channels,
    started_at: session.started_at,
    completed_at: session.completed_at,
    timeout_seconds: session.timeout_seconds,
    statistics: statisticsOf(report),
    states: statesOf(report),
    detail: {
      allowed: access.detail,
      filters: access.detail
        ? ['state', 'reply', 'reply_time', ...(access.personFilters ? (['name', ...(channels.includes('EMAIL') ? ['email' as const] : []), ...(phone ? ['phone' as const] : [])] as const) : [])]
        : [],
    },
  };
}

/** Reply-time buckets wide enough that a chart has at most this many. */
const MAX_TIME_BUCKETS = 60;
const BUCKET_MINUTES = [1, 5, 10, 15, 30, 60, 120, 360, 720, 1440];

function replyTimeBuckets(minutes: Readonly<Record<string, number>>): SessionAggregateDto['buckets'] {
  const entries = Object.entries(minutes)
    .map(([minute, value]) => [Date.parse(minute), Math.max(0, value)] as const)
    .filter(([at, value]) => Number.isFinite(at) && value > 0)
    .sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return [];
  const first = entries[0]![0];
  const span = (entries.at(-1)![0] - first) / 60_000 + 1;
  const width = (BUCKET_MINUTES.find((candidate) => span / candidate <= MAX_TIME_BUCKETS) ?? 1440) * 60_000;
  const buckets = new Map<number, number>();
  for (const [at, value] of entries) {
    const start = first + Math.floor((at - first) / width) * width;
    buckets.set(start, (buckets.get(start) ?? 0) + value);
  }
  return [...buckets].map(([start, value]) => ({ key: new Date(start).toISOString(), count: value, from: new Date(start).toISOString(), to: new Date(start + width).toISOString() }));
}

/** The report's counts by state (in the spec's order), by reply, or by the time replies came. */
export function aggregateDto(report: MessageSessionReportDocument | null, by: SessionReportAggregate): SessionAggregateDto {
  if (by === 'state') {
    const states = statesOf(report);
    const buckets = RECIPIENT_STATES.map((state) => ({ key: state, count: states[state] }));
    return { by, total: buckets.reduce((sum, bucket) => sum + bucket.count, 0), buckets };
  }
  if (by === 'reply_time') {
    const buckets = replyTimeBuckets(report?.reply_minutes ?? {});
    return { by, total: buckets.reduce((sum, bucket) => sum + bucket.count, 0), buckets };
  }
  const replies = report?.replies ?? {};
  const choices = Object.entries(replies)
    .filter(([key]) => key.startsWith('Choice '))
    .map(([key, value]) => ({ key: report?.choices?.[key.slice('Choice '.length)] ?? key, count: Math.max(0, value) }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const buckets = [
    { key: NO_RESPONSE, count: count(replies, NO_RESPONSE) },
    { key: DELIVERY_FAILURE, count: count(replies, DELIVERY_FAILURE) },
    { key: EXCLUDED_USERS, count: Math.max(0, report?.excluded ?? 0) },
    ...choices,
    ...(count(replies, 'Responded') > 0 ? [{ key: 'Responded', count: count(replies, 'Responded') }] : []),
  ];
  return { by, total: buckets.reduce((sum, bucket) => sum + bucket.count, 0), buckets };
}
