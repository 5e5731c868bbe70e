/** Dead letters (dead-letters.routes.ts): deliveries set aside after repeated claims, and their retry. */
import { z } from 'zod';
import type { DEAD_LETTERS_ROUTES } from '../routes/dead-letters.routes';
import { described, json, named, type ApiFeature } from './api-schema';
import { SENDING_CHANNELS, SendingListQuerySchema, pageOf } from './sending-list-query';

/** Most dead letters one retry takes. */
export const DEAD_LETTER_RETRY_MAX = 100;

export const DeadLetterSchema = named(
  'DeadLetter',
  z.object({
    id: described(z.string(), 'The dead delivery: <session>.<recipient>.<device>.<attempt>.'),
    session_id: z.string(),
    message_name: described(z.string().nullable(), "The session's message (null when its session is not known here)."),
    recipient_id: described(z.string(), 'The person (a user id), or a Teams or Slack webhook (teams-1, slack-1).'),
    recipient_name: described(z.string().nullable(), "The person's name, when the recipient is a user the organisation still has."),
    channel: z.enum(SENDING_CHANNELS),
    address: described(z.string().nullable(), 'Where it was to be sent, as planned.'),
    attempt: z.number().int(),
    reason: z.string(),
    dead_lettered_at: z.string(),
    retried: described(
      z
        .object({
          as: described(z.string(), "The new attempt's delivery id."),
          at: z.string(),
          by: described(z.string(), 'The admin (a user id).'),
          queued: described(z.boolean(), "Whether the new attempt's job is on its way to the dispatch workers."),
        })
        .nullable(),
      'Null until an admin retries it.',
    ),
  }),
);

export const DeadLetterPageSchema = named('DeadLetterPage', pageOf(DeadLetterSchema), 'Newest first.');

export const RetryDeadLettersRequestSchema = named(
  'RetryDeadLettersRequest',
  z.object({
    ids: described(
      z.array(z.string().trim().min(1).max(300)).min(1).max(DEAD_LETTER_RETRY_MAX),
      `The dead letters to retry (their ids), 1 to ${DEAD_LETTER_RETRY_MAX}.`,
    ),
  }),
);

export const RetryDeadLettersAnswerSchema = named(
  'RetryDeadLettersAnswer',
  z.object({
    retried: described(z.array(z.object({ id: z.string(), retry_as: z.string() })), 'Those given a new attempt by this request.'),
    already_retried: described(z.array(z.string()), 'Those retried before: nothing is done again.'),
  }),
);

export const DEAD_LETTERS_API = {
  tag: 'Dead letters',
  description: "Deliveries the dispatch workers claimed too many times without an answer from the provider, set aside for an admin to look at and retry (admins only, the caller's organisation).",
  routes: {
    deadLetters: {
      summary: "The organisation's dead letters",
      query: SendingListQuerySchema,
      responses: { 200: json(DeadLetterPageSchema, 'Newest first.') },
    },
    retryDeadLetters: {
      summary: 'Retry dead letters',
      description:
        'Gives each chosen dead letter a new attempt and queues it to be sent. A dead letter already retried is left as it is (a second retry does nothing). Ids the organisation does not have as dead letters answer 404 and nothing is retried.',
      body: RetryDeadLettersRequestSchema,
      responses: { 200: json(RetryDeadLettersAnswerSchema, 'What was retried.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof DEAD_LETTERS_ROUTES>;

export type DeadLetterDto = z.output<typeof DeadLetterSchema>;
export type DeadLetterPageDto = z.output<typeof DeadLetterPageSchema>;
export type RetryDeadLettersRequest = z.input<typeof RetryDeadLettersRequestSchema>;
export type RetryDeadLettersAnswerDto = z.output<typeof RetryDeadLettersAnswerSchema>;
