/**
 * Sending (message-session.routes.ts): a send answers at once with the session it started (its
 * `task_id`, which `run_result` follows); recipients are resolved and queued after the answer.
 */
import { NOT_AN_ISO_TIME, RESEND_REPLIES } from '@beacon/domain';
import { z } from 'zod';
import type { MESSAGE_SESSION_ROUTES } from '../routes/message-session.routes';
import { described, json, named, type ApiFeature } from './api-schema';
import { draftShape, SCENARIO_ID_MAX_LENGTH } from './scenario.schemas';

const id = () => z.string().trim().min(1).max(SCENARIO_ID_MAX_LENGTH);

export const MESSAGE_SESSION_STATUSES = ['scheduled', 'planning', 'sending', 'complete', 'cancelled', 'skipped', 'refused'] as const;

export const SendScenarioRequestSchema = named(
  'SendScenarioRequest',
  z.object(draftShape).partial(),
  'The kept message is sent with these fields in place of its own (the template is not changed).',
);

export const SendWithoutSavingRequestSchema = named(
  'SendWithoutSavingRequest',
  z.object({
    ...z.object(draftShape).partial().shape,
    customer_group: described(id().optional(), "The group the message goes out from: the caller's own (default) or one below it."),
  }),
  'A new message, sent without being kept; fields left out take the defaults of a new message.',
);

export const ScheduleSessionRequestSchema = named(
  'ScheduleSessionRequest',
  z.object({
    scenario: described(id(), 'The kept message to send.'),
    scheduled_for: described(
      z.string({ error: NOT_AN_ISO_TIME }).trim().pipe(z.iso.datetime({ offset: true, error: NOT_AN_ISO_TIME })),
      'When to send it: an ISO-8601 instant with its offset, in the future.',
    ),
  }),
);

export const SendDayCheckSchema = named(
  'SendDayCheck',
  z.object({
    outcome: described(z.enum(['reschedule', 'skip']), 'reschedule: it will start at `rescheduled_at` instead; skip: it will not be sent.'),
    reasons: described(z.array(z.enum(['holiday', 'weekend', 'suspended'])), 'Which of the checks found the day, or that the organisation was suspended when it fell due.'),
    local_date: described(z.string(), "The day it falls on in the group's time zone, YYYY-MM-DD."),
    holidays: described(z.array(z.string()), "The holidays that day (the country's public ones and the message's own holiday_list)."),
    rescheduled_at: described(z.string().nullable(), 'With rescheduling: the same time of day on the next day no check finds, ISO 8601 in UTC.'),
    reason: described(z.string(), 'In words, e.g. "Saturday 09/03/2030 is a weekend day."'),
  }),
  "What the message's holiday and weekend checks will do to a scheduled send when it falls due.",
);

export const SessionStartedSchema = named(
  'SessionStarted',
  z.object({
    task_id: described(z.string(), 'Follow it with GET /api/scenario/run_result/{task_id}/ (the session id).'),
    session_id: z.string(),
    status: z.enum(MESSAGE_SESSION_STATUSES),
    scheduled_for: described(z.string().nullable(), 'For a scheduled session, when it will start.'),
    send_day_check: described(
      SendDayCheckSchema.nullable().optional(),
      "A schedule's answer: null when the day chosen passes the message's holiday and weekend checks (or it makes none); else whether it will be moved or skipped, and why.",
    ),
  }),
);

const count = () => z.number().int();

export const RunResultSchema = named(
  'RunResult',
  z.object({
    task_id: z.string(),
    session_id: z.string(),
    scenario: described(z.string().nullable(), 'The kept message it was sent from (null: sent without saving).'),
    name: z.string(),
    status: described(
      z.enum(MESSAGE_SESSION_STATUSES),
      'scheduled, planning (resolving recipients), sending, complete, cancelled, skipped (its holiday or weekend check found its day, without rescheduling), or refused (it would have gone past a daily quota; nothing was sent).',
    ),
    note: described(z.string().nullable().optional(), 'Why it was skipped or refused, in words (a refusal by a daily quota gives the numbers); null otherwise.'),
    scheduled_for: z.string().nullable(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    recipients: described(count().nullable(), 'People the message went to (null until planned).'),
    deliveries: described(count().nullable(), 'Messages to send: one per person and device (null until planned).'),
    progress: described(
      z.object({
        queued: count(),
        sending: count(),
        sent: count(),
        delivered: count(),
        failed: count(),
        replied: count(),
        unknown: count(),
        connected: described(count().optional(), "A conference's calls that joined its bridge (key 1: Successful Connection); only for a conference."),
        rejected: described(count().optional(), "A conference's calls declined (key 2: Conference Rejected, no response); only for a conference."),
      }),
      'Deliveries by state now: queued, sending (claimed by a worker or submitted), sent (the provider says it is on its way), delivered, failed (or timed out), replied, unknown (the provider did not answer; being checked); for a conference also connected and rejected, which are then not counted as replied. They add up to the deliveries.',
    ),
  }),
);

export const ResendSessionQuerySchema = z.object({
  reply: described(
    z.enum(RESEND_REPLIES, { error: `Must be one of: ${RESEND_REPLIES.join(', ')}.` }),
    'Who is sent to again, by their reply label: No Response (nobody replied on any device, and not every delivery failed) or Delivery Failure (every delivery failed).',
  ),
});

export const SessionResentSchema = named(
  'SessionResent',
  z.object({
    task_id: described(z.string(), 'Follow it with GET /api/scenario/run_result/{task_id}/ (the session id): the session is sending until the new attempts are answered.'),
    session_id: z.string(),
    status: z.enum(MESSAGE_SESSION_STATUSES),
  }),
);

export const MESSAGE_SESSION_API = {
  tag: 'Sending',
  description: 'Messages sent now or scheduled, and what became of them.',
  routes: {
    sendScenario: {
      summary: 'Send a kept message now',
      description:
        'Sends the message (with the fields sent in place of its own) to its recipients now, without changing the template. It is checked as a save is (400 under the builder\'s error keys). Answers 202 at once; the recipients are resolved and queued after.',
      body: SendScenarioRequestSchema,
      responses: { 202: json(SessionStartedSchema, 'The session started.') },
    },
    sendWithoutSaving: {
      summary: 'Send a new message now, without keeping it',
      description: 'As sending a kept message, for a draft that is not kept. Answers 202 at once.',
      body: SendWithoutSavingRequestSchema,
      responses: { 202: json(SessionStartedSchema, 'The session started.') },
    },
    scheduleSession: {
      summary: 'Schedule a kept message',
      description:
        "The message as it is now goes out at `scheduled_for`, even if the server restarts in between. A time that is not in the future answers 400. When it falls due, its holiday and weekend checks read the day in the group's preferred time zone: a day they find moves it to the same time on the next day no check finds (reschedule_holiday, reschedule_weekend) or skips it; `send_day_check` says so at once.",
      body: ScheduleSessionRequestSchema,
      responses: { 201: json(SessionStartedSchema, 'The session scheduled.') },
    },
    runResult: {
      summary: 'What became of a send',
      description: 'The session a send started (its task id), with its progress by delivery state.',
      responses: { 200: json(RunResultSchema, 'The session.') },
    },
    resendSession: {
      summary: 'Resend a session to the recipients with no reply',
      description:
        'A new attempt of every device of each person with the reply label named (`reply=No Response`), whose last attempt has a final answer (delivered, failed, timed out); one still on its way is left to finish, and Teams and Slack webhooks are not sent again. The new attempts replace the old in the progress. A complete session is sending again until they are answered or time out. Asked again while the same resend is still being queued, it answers the same task. 409 while the message is scheduled or still being queued for its recipients.',
      query: ResendSessionQuerySchema,
      responses: { 202: json(SessionResentSchema, 'The resend started.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof MESSAGE_SESSION_ROUTES>;

export type SendScenarioRequest = z.output<typeof SendScenarioRequestSchema>;
export type SendWithoutSavingRequest = z.output<typeof SendWithoutSavingRequestSchema>;
export type ScheduleSessionRequest = z.output<typeof ScheduleSessionRequestSchema>;
export type SessionStartedDto = z.output<typeof SessionStartedSchema>;
export type SendDayCheckDto = z.output<typeof SendDayCheckSchema>;
export type RunResultDto = z.output<typeof RunResultSchema>;
export type SessionResentDto = z.output<typeof SessionResentSchema>;
