import type { SessionAggregateDto, SessionRecipientDeviceDto, SessionRecipientDto, SessionReportDetailsDto, SessionStatisticsDto } from '@beacon/contracts';
import { displayInstant, FAILURE_KIND_WORDS } from '@beacon/domain';

/**
 * What a session's report exports say, in a reader's words, whatever the file: the session's facts,
 * its statistics, times in the reader's timezone, and each person's devices in one line. The XLSX
 * and PDF writers lay these out; they decide nothing of what is said.
 */

/** The three counts a report's charts draw, as the aggregate routes answer them. */
export interface SessionReportAggregates {
  readonly state: SessionAggregateDto;
  readonly reply: SessionAggregateDto;
  readonly reply_time: SessionAggregateDto;
}

/** What a fact or a time shows when there is none yet (a session not started or not complete). */
export const NONE = '—';

/** An instant as DD/MM/YYYY HH:MM:SS in the timezone; empty for none. */
export function reportTime(iso: string | null | undefined, timeZone: string): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '' : displayInstant(new Date(time), timeZone, { seconds: true });
}

/** A length of time as "1 h 5 min 3 s", leaving out what is zero ("0 s" for nothing). */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts = [
    [Math.floor(whole / 3600), 'h'],
    [Math.floor((whole % 3600) / 60), 'min'],
    [whole % 60, 's'],
  ] as const;
  const shown = parts.filter(([amount]) => amount > 0).map(([amount, unit]) => `${amount} ${unit}`);
  return shown.length ? shown.join(' ') : '0 s';
}

export const STATISTIC_LABELS: readonly (readonly [keyof SessionStatisticsDto, string])[] = [
  ['total_recipients', 'Total recipients'],
  ['excluded_users', 'Excluded users'],
  ['total_responded_recipients', 'Responded'],
  ['delivered_recipients', 'Delivered'],
  ['delivery_failures', 'Delivery failures'],
  ['pending_recipients', 'Pending'],
];

export interface ReportFact {
  readonly label: string;
  readonly value: string;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The session's facts, in the order a report shows them. */
export function sessionFacts(details: SessionReportDetailsDto, timeZone: string): readonly ReportFact[] {
  return [
    { label: 'Message name', value: details.name },
    { label: 'Message type', value: capitalised(details.session_type) },
    { label: 'Sent as', value: details.is_real ? 'Real message' : 'Test message' },
    { label: 'Channels', value: details.channels.join(', ') || NONE },
    { label: 'Status', value: capitalised(details.status) },
    { label: 'Started', value: reportTime(details.started_at, timeZone) || NONE },
    { label: 'Completed', value: reportTime(details.completed_at, timeZone) || NONE },
    { label: 'Timeout', value: durationText(details.timeout_seconds) },
  ];
}

/** Who a line is: their name, or for a line without one (a Teams or Slack webhook) its id. */
export const recipientName = (recipient: Pick<SessionRecipientDto, 'id' | 'name'>): string => recipient.name ?? recipient.id;

const STATUS_WORDS: Readonly<Record<SessionRecipientDeviceDto['status'], string>> = {
  queued: 'queued',
  claimed: 'queued',
  submitted: 'sent',
  sent: 'sent',
  unknown: 'outcome unknown',
  delivered: 'delivered',
  replied: 'replied',
  failed: 'failed',
  timed_out: 'timed out',
};

/** Why a device failed: the kind in a sender's words, with the provider's own words after them when they add any. */
function failureText(device: SessionRecipientDeviceDto): string {
  const kind = device.failure ? FAILURE_KIND_WORDS[device.failure] : '';
  const reason = device.reason?.trim() ?? '';
  if (!kind || reason.startsWith(kind)) return reason || kind;
  return reason ? `${kind} (${reason})` : kind;
}

/** One device's outcome: "SMS: delivered in 4 s", "EMAIL: failed — Bounced: …", "VOICE (attempt 2): sent". */
export function deviceText(device: SessionRecipientDeviceDto): string {
  const channel = device.attempt > 1 ? `${device.channel} (attempt ${device.attempt})` : device.channel;
  const reached = device.status === 'delivered' || device.status === 'replied';
  const after = reached && device.seconds_to_delivery !== null ? ` in ${durationText(device.seconds_to_delivery)}` : '';
  const why = reached ? '' : failureText(device);
  return `${channel}: ${STATUS_WORDS[device.status]}${after}${why ? ` — ${why}` : ''}`;
}

/** Every device of a person in one line; a person with none is told why nothing went. */
export const devicesText = (devices: readonly SessionRecipientDeviceDto[]): string =>
  devices.length ? devices.map(deviceText).join('; ') : FAILURE_KIND_WORDS.no_device;
