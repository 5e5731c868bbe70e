import type { SessionRecipientDeviceDto, SessionRecipientDto, SessionReportDetailsDto } from '@beacon/contracts';
import type { SessionReportAggregates } from './session-report-text';

/** A complete broadcast sent to five people on 27/11/2026 (Europe/London is UTC in November), for the export specs. */
export const DETAILS_FIXTURE: SessionReportDetailsDto = {
  session_id: 's-1',
  name: 'Flood warning — Riverside',
  session_type: 'broadcast',
  is_real: true,
  status: 'complete',
  channels: ['SMS', 'EMAIL'],
  started_at: '2026-11-27T08:30:00.000Z',
  completed_at: '2026-11-27T09:00:00.000Z',
  timeout_seconds: 1800,
  statistics: {
    total_recipients: 6,
    excluded_users: 1,
    total_responded_recipients: 2,
    delivered_recipients: 3,
    delivery_failures: 1,
    pending_recipients: 1,
  },
  states: { 'Successful Delivery': 3, 'Successful Connection': 0, 'Conference Rejected': 0, 'Delivery Failure': 1, Pending: 1 },
  detail: { allowed: true, filters: ['state', 'reply', 'reply_time', 'name', 'email', 'phone'] },
};

export const AGGREGATES_FIXTURE: SessionReportAggregates = {
  state: {
    by: 'state',
    total: 5,
    buckets: [
      { key: 'Successful Delivery', count: 3 },
      { key: 'Delivery Failure', count: 1 },
      { key: 'Pending', count: 1 },
    ],
  },
  reply: {
    by: 'reply',
    total: 6,
    buckets: [
      { key: 'Yes, safe', count: 2 },
      { key: 'No Response', count: 2 },
      { key: 'Delivery Failure', count: 1 },
      { key: 'Excluded Users', count: 1 },
    ],
  },
  reply_time: {
    by: 'reply_time',
    total: 2,
    buckets: [
      { key: '2026-11-27T08:31Z', count: 1, from: '2026-11-27T08:31:00.000Z', to: '2026-11-27T08:32:00.000Z' },
      { key: '2026-11-27T08:40Z', count: 1, from: '2026-11-27T08:40:00.000Z', to: '2026-11-27T08:41:00.000Z' },
    ],
  },
};

export function deviceFixture(overrides: Partial<SessionRecipientDeviceDto> = {}): SessionRecipientDeviceDto {
  return {
    device_id: 'd-sms',
    channel: 'SMS',
    address: '+447700900001',
    attempt: 1,
    status: 'delivered',
    failure: null,
    reason: null,
    sent_at: '2026-11-27T08:30:01.000Z',
    delivered_at: '2026-11-27T08:30:05.000Z',
    seconds_to_delivery: 4,
    ...overrides,
  };
}

export function recipientFixture(overrides: Partial<SessionRecipientDto> = {}): SessionRecipientDto {
  return {
    id: 'u-1',
    name: 'Ada Lovelace',
    address_string: '+447700900001, ada@example.org',
    email: 'ada@example.org',
    phone_number: '+447700900001',
    state: 'Successful Delivery',
    reply: 'Yes, safe',
    reply_time: '2026-11-27T08:31:05.000Z',
    note: null,
    devices: [
      deviceFixture(),
      deviceFixture({
        device_id: 'd-email',
        channel: 'EMAIL',
        address: 'ada@example.org',
        status: 'failed',
        failure: 'bounced',
        reason: '550 5.1.1 User unknown',
        delivered_at: null,
        seconds_to_delivery: null,
      }),
    ],
    ...overrides,
  };
}

/** The five people of the fixture session, one with a name a spreadsheet would take for a formula. */
export const RECIPIENTS_FIXTURE: readonly SessionRecipientDto[] = [
  recipientFixture(),
  recipientFixture({
    id: 'u-2',
    name: '=HYPERLINK("http://evil.example","Click")',
    address_string: '+447700900002',
    email: null,
    phone_number: '+447700900002',
    reply: 'No Response',
    reply_time: null,
    devices: [deviceFixture({ address: '+447700900002', seconds_to_delivery: 12 })],
  }),
  recipientFixture({
    id: 'u-3',
    name: 'Пётр Ильич Чайковский',
    address_string: 'petr@example.org',
    email: 'petr@example.org',
    phone_number: null,
    state: 'Delivery Failure',
    reply: 'Delivery Failure',
    reply_time: null,
    devices: [
      deviceFixture({
        device_id: 'd-email',
        channel: 'EMAIL',
        address: 'petr@example.org',
        status: 'failed',
        failure: 'bounced',
        reason: null,
        delivered_at: null,
        seconds_to_delivery: null,
      }),
    ],
  }),
  recipientFixture({
    id: 'u-4',
    name: 'Grace Hopper',
    address_string: '+447700900004',
    email: null,
    phone_number: '+447700900004',
    state: 'Pending',
    reply: 'No Response',
    reply_time: null,
    devices: [deviceFixture({ address: '+447700900004', status: 'sent', delivered_at: null, seconds_to_delivery: null })],
  }),
  recipientFixture({ id: 'u-5', name: 'Alan Turing', reply_time: '2026-11-27T08:40:30.000Z' }),
];

/** The people, as the read model streams them. */
export async function* streamOf<T>(items: Iterable<T>): AsyncIterable<T> {
  for (const item of items) yield item;
}

