/**
 * Session reports (session-report.routes.ts): a session's statistics, its people line by line with
 * each device's attempts, the counts its charts draw, and its exports.
 */
import { DELIVERY_STATUSES, FAILURE_KINDS, RECIPIENT_STATES } from '@beacon/domain';
import { z } from 'zod';
import type { SESSION_REPORT_ROUTES } from '../routes/session-report.routes';
import { described, json, named, type ApiFeature } from './api-schema';
import { MESSAGE_SESSION_STATUSES } from './message-session.schemas';
import { SENDING_CHANNELS } from './sending-list-query';

export const SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE = 10;
export const SESSION_RECIPIENTS_MAX_PAGE_SIZE = 100;
/** The longest name, email or phone a filter searches for. */
export const SESSION_RECIPIENT_SEARCH_MAX_LENGTH = 100;
export const SESSION_REPORT_AGGREGATES = ['state', 'reply', 'reply_time'] as const;
export type SessionReportAggregate = (typeof SESSION_REPORT_AGGREGATES)[number];
/** A reply filter for anyone who replied, whatever they replied. */
export const RESPONDED = 'Responded';
/** The spec's text when a filter matches nobody (part 2 §8). */
export const NO_FILTER_RESULTS = 'The filter criteria does not match any results.';
export const RESEND_FAILED = 'Re-send message failed!';

const wholeNumber = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error });

const search = (what: string) =>
  described(
    z
      .string()
      .trim()
      .max(SESSION_RECIPIENT_SEARCH_MAX_LENGTH, { error: `A ${what} to search for is at most ${SESSION_RECIPIENT_SEARCH_MAX_LENGTH} characters.` })
      .optional(),
    `Only people whose ${what} contains this (any case).`,
  );

const instant = (what: string) =>
  described(
    z
      .string()
      .trim()
      .pipe(z.iso.datetime({ offset: true, error: `The ${what} is an ISO-8601 instant with its offset.` }))
      .optional(),
    `Only people who replied ${what === 'start of the reply time' ? 'at or after' : 'before'} this instant.`,
  );

/** The filters of a session's people (the list, the ids, the detailed exports), all optional and combined. */
export const SessionRecipientFiltersSchema = z.object({
  state: described(z.enum(RECIPIENT_STATES, { error: `A state is one of ${RECIPIENT_STATES.join(', ')}.` }).optional(), 'Only people in this state.'),
  reply: described(
    z.string().trim().min(1).max(200, { error: 'A reply to filter by is at most 200 characters.' }).optional(),
    `Only people with this reply: "No Response", "Delivery Failure", "${RESPONDED}" (any reply), or the reply itself (a polling choice's text).`,
  ),
  reply_time_from: instant('start of the reply time'),
  reply_time_to: instant('end of the reply time'),
  name: search('name'),
  email: search('email'),
  phone: search('phone'),
});

export const SessionRecipientsQuerySchema = z.object({
  page: described(wholeNumber(1, 999_999, 'A page is a whole number from 1.').optional(), 'The page, from 1 (default 1).'),
  page_size: described(
    wholeNumber(1, SESSION_RECIPIENTS_MAX_PAGE_SIZE, `A page size is a whole number from 1 to ${SESSION_RECIPIENTS_MAX_PAGE_SIZE}.`).optional(),
    `People per page, 1 to ${SESSION_RECIPIENTS_MAX_PAGE_SIZE} (default ${SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE}).`,
  ),
  ...SessionRecipientFiltersSchema.shape,
});

const count = () => z.number().int();

export const SessionStatisticsSchema = named(
  'SessionStatistics',
  z.object({
    total_recipients: described(count(), 'Everyone the message chose: delivered + failures + pending + excluded.'),
    excluded_users: described(count(), 'Chosen, and left out by an exclusion.'),
    total_responded_recipients: described(count(), 'People who replied (in a conference, a decline is no reply).'),
    delivered_recipients: described(count(), 'Successful Delivery, Successful Connection and Conference Rejected.'),
    delivery_failures: described(count(), 'Delivery Failure: every device failed, timed out or ended unknown, or the person had none.'),
    pending_recipients: described(count(), 'Still waiting for an answer from a device (never beyond the message timeout).'),
  }),
);

export const SessionReportDetailsSchema = named(
  'SessionReportDetails',
  z.object({
    session_id: z.string(),
    name: z.string(),
    session_type: described(z.enum(['broadcast', 'sequence', 'conference']), 'The message type it was sent as.'),
    is_real: z.boolean(),
    status: z.enum(MESSAGE_SESSION_STATUSES),
    channels: described(z.array(z.enum(SENDING_CHANNELS)), 'The channels it went out on.'),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    timeout_seconds: z.number().int(),
    statistics: SessionStatisticsSchema,
    states: described(z.record(z.enum(RECIPIENT_STATES), count()), 'People by state (the four delivery states of the spec, and Pending).'),
    detail: described(
      z.object({
        allowed: described(z.boolean(), 'Whether the caller may open the detailed report (the people, their addresses and dispatches).'),
        filters: described(z.array(z.enum(['state', 'reply', 'reply_time', 'name', 'email', 'phone'])), 'The people filters the caller may use.'),
      }),
      "What the caller's role and the organisation's permissions allow of the detailed report (spec §6).",
    ),
  }),
);

export const SessionRecipientDeviceSchema = named(
  'SessionRecipientDevice',
  z.object({
    device_id: z.string(),
    channel: z.enum(SENDING_CHANNELS),
    address: described(z.string().nullable(), 'Where it went; null for a caller who may not see address strings.'),
    attempt: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    failure: described(z.enum(FAILURE_KINDS).nullable(), 'Why it failed, sorted: bounced, not_in_service, blocked, unreachable, timed_out, refused, no_device, unknown.'),
    reason: described(z.string().nullable(), "Why it failed in words a sender understands, with the provider's own words after them."),
    sent_at: z.string(),
    delivered_at: z.string().nullable(),
    seconds_to_delivery: described(z.number().nullable(), 'From sending to delivery.'),
  }),
);

export const SessionRecipientSchema = named(
  'SessionRecipient',
  z.object({
    id: described(z.string(), 'The person (a user id), or a Teams or Slack webhook (teams-1, slack-1).'),
    name: z.string().nullable(),
    address_string: described(z.string().nullable(), 'Every address sent to; null for a caller who may not see address strings.'),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    state: z.enum(RECIPIENT_STATES),
    reply: described(z.string(), 'Their reply, "No Response" or "Delivery Failure".'),
    reply_time: z.string().nullable(),
    note: described(z.string().nullable(), 'Why nobody sent to the person at all (they hold no address for the message\'s devices); else null.'),
    devices: z.array(SessionRecipientDeviceSchema),
  }),
);

export const SessionRecipientPageSchema = named(
  'SessionRecipientPage',
  z.object({
    count: count(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
    results: z.array(SessionRecipientSchema),
    message: described(z.string().optional(), `"${NO_FILTER_RESULTS}" when filters match nobody.`),
  }),
  'In the order the plan reached them.',
);

export const SessionAggregateSchema = named(
  'SessionAggregate',
  z.object({
    by: z.enum(SESSION_REPORT_AGGREGATES),
    total: count(),
    buckets: z.array(
      z.object({
        key: described(z.string(), 'A state; a reply ("No Response", "Delivery Failure", "Excluded Users", a polling choice\'s text, "Responded"); or a minute of the reply time.'),
        count: count(),
        from: described(z.string().optional(), 'By reply_time: the bucket starts at this instant (inclusive)…'),
        to: described(z.string().optional(), '…and ends at this one (exclusive).'),
      }),
    ),
  }),
);

export const SessionRecipientIdsSchema = named('SessionRecipientIds', z.object({ count: count(), ids: z.array(z.string()) }), 'Every person the filters match, in order.');

export const SessionDispatchSchema = named(
  'SessionDispatch',
  z.object({
    delivery_id: z.string(),
    device_id: z.string(),
    channel: z.enum(SENDING_CHANNELS),
    attempt: z.number().int(),
    address: z.string().nullable(),
    status: z.enum(DELIVERY_STATUSES),
    provider: z.string().nullable(),
    provider_message_id: z.string().nullable(),
    failure: z.enum(FAILURE_KINDS).nullable(),
    reason: z.string().nullable(),
    reply: z.string().nullable(),
    sent_at: described(z.string().nullable(), 'When the attempt was queued (null for an attempt only its answer tells of).'),
    answered_at: described(z.string().nullable(), 'When its provider first answered.'),
    delivered_at: z.string().nullable(),
    replaced: described(z.boolean(), 'A later attempt took its place (a retry, a resend, the auto-retry).'),
  }),
);

export const SessionRecipientDispatchesSchema = named(
  'SessionRecipientDispatches',
  z.object({ recipient: SessionRecipientSchema, dispatches: z.array(SessionDispatchSchema) }),
  'Every attempt on every device, oldest first.',
);

export const SessionAggregateParamsSchema = z.object({
  by: z.enum(SESSION_REPORT_AGGREGATES, { error: `An aggregate is by ${SESSION_REPORT_AGGREGATES.join(', ')}.` }),
});

const FILTERS_NOTE = 'The people filters of the list (state, reply, reply_time_from, reply_time_to, name, email, phone) go in the query string.';

export const SESSION_REPORT_API = {
  tag: 'Session reports',
  description:
    "What became of a send, person by person (spec part 2 §7 \"Session reports\"). Statistics and counts are for every role that follows sessions; the people, their addresses and dispatches are the detailed report: admins, and operators with 'Allow Operators to view address string (detailed reports)' or 'Allow Operators to view all info (detailed reports)'.",
  routes: {
    sessionReportDetails: {
      summary: "A session's statistics",
      responses: { 200: json(SessionReportDetailsSchema, 'Counts always add up: total = delivered + failures + pending + excluded.') },
    },
    sessionRecipients: {
      summary: "A session's people, a page at a time",
      query: SessionRecipientsQuerySchema,
      responses: { 200: json(SessionRecipientPageSchema, 'The page.') },
    },
    sessionRecipientsAggregate: {
      summary: "A session's people counted by state, reply or reply time",
      params: SessionAggregateParamsSchema,
      responses: { 200: json(SessionAggregateSchema, 'Buckets, largest first by state and reply; in time order by reply_time.') },
    },
    sessionRecipientIds: {
      summary: 'The ids of the people the filters match',
      query: SessionRecipientFiltersSchema,
      responses: { 200: json(SessionRecipientIdsSchema, 'Every match, in the list order.') },
    },
    sessionRecipientDispatches: {
      summary: "One person's dispatches",
      responses: { 200: json(SessionRecipientDispatchesSchema, 'Their line and every attempt.') },
    },
    generateSessionPdf: {
      summary: "A session's report as a PDF",
      description: 'Its statistics and counts by state and reply; no addresses.',
      responses: { 200: { description: 'The PDF.', file: 'application/pdf' } },
    },
    generateSessionXlsx: {
      summary: "A session's report as a workbook",
      description: 'Its statistics and counts by state and reply; no addresses.',
      responses: { 200: { description: 'The XLSX workbook.', file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } },
    },
    detailedSessionXlsx: {
      summary: "A session's people as a workbook",
      description: `${FILTERS_NOTE} Streamed, one row per person; address strings only for callers who may see them; a cell starting with = + - @, a tab or a carriage return is prefixed with a single quote.`,
      query: SessionRecipientFiltersSchema,
      responses: { 200: { description: 'The XLSX workbook.', file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } },
    },
    conferenceRecording: {
      summary: "A conference session's recording",
      description:
        "The audio of the session's bridge, recorded from when the first person joined (MP3 from Twilio; a short WAV tone from the simulator), as a download named after the message and the day. People's voices: the detailed report's rule. When the bridge was joined more than once, the longest recording.",
      responses: { 200: { description: 'The recording.', file: 'audio/mpeg' } },
      errors: { 404: { description: 'No such session in your organisation, "This message is not a conference.", or "No recording of this conference has been kept."' } },
    },
    detailedSessionPdf: {
      summary: "A session's people as a PDF",
      description: `${FILTERS_NOTE} Address strings only for callers who may see them.`,
      query: SessionRecipientFiltersSchema,
      responses: { 200: { description: 'The PDF.', file: 'application/pdf' } },
    },
  },
} as const satisfies ApiFeature<keyof typeof SESSION_REPORT_ROUTES>;

export type SessionRecipientFilters = z.output<typeof SessionRecipientFiltersSchema>;
export type SessionRecipientsQuery = z.output<typeof SessionRecipientsQuerySchema>;
export type SessionReportDetailsDto = z.output<typeof SessionReportDetailsSchema>;
export type SessionStatisticsDto = z.output<typeof SessionStatisticsSchema>;
export type SessionRecipientDto = z.output<typeof SessionRecipientSchema>;
export type SessionRecipientDeviceDto = z.output<typeof SessionRecipientDeviceSchema>;
export type SessionRecipientPageDto = z.output<typeof SessionRecipientPageSchema>;
export type SessionAggregateDto = z.output<typeof SessionAggregateSchema>;
export type SessionRecipientIdsDto = z.output<typeof SessionRecipientIdsSchema>;
export type SessionDispatchDto = z.output<typeof SessionDispatchSchema>;
export type SessionRecipientDispatchesDto = z.output<typeof SessionRecipientDispatchesSchema>;
