/** The two-way SMS link's response page (response-page.routes.ts). */
import { MAX_FREE_ANSWER_LENGTH, NO_SUCH_RESPONSE_LINK, RESPONSES_CLOSED, ALREADY_ANSWERED } from '@beacon/domain';
import { z } from 'zod';
import type { RESPONSE_PAGE_ROUTES } from '../routes/response-page.routes';
import { described, ErrorResponseSchema, json, named, type ApiFeature } from './api-schema';

export const ResponsePageSchema = named(
  'ResponsePage',
  z.object({
    message: described(z.string(), "The message's text as its sender wrote it."),
    options: described(z.array(z.object({ digit: z.string(), text: z.string() })), 'The answers to choose from; none: the recipient writes their own.'),
    free_answer_max_length: described(z.number().int(), 'The longest answer the recipient may write.'),
    answer: described(z.string().nullable(), 'The answer already recorded for this text (by the page, a reply or a key), else null.'),
    closes_at: described(z.string(), 'When the page stops taking answers (ISO instant).'),
  }),
);

export const AnswerResponsePageRequestSchema = named(
  'AnswerResponsePageRequest',
  z
    .object({
      digit: described(z.string().trim().regex(/^\d$/u, { error: 'Choose one of the answers.' }), 'The chosen answer, by its digit (a message with options).').optional(),
      text: described(z.string().max(MAX_FREE_ANSWER_LENGTH, { error: `An answer is at most ${MAX_FREE_ANSWER_LENGTH} characters.` }), 'The answer in the recipient\'s words (a message without options).').optional(),
    })
    .strict(),
);

export const AnsweredResponsePageSchema = named(
  'AnsweredResponsePage',
  z.object({
    answer: described(z.string(), 'The answer recorded: the chosen option\'s text, or the words written.'),
    digit: described(z.string().nullable(), "The chosen option's digit; null for written words."),
  }),
);

const tokenErrors = {
  404: json(ErrorResponseSchema, `No text has this link: "${NO_SUCH_RESPONSE_LINK}"`),
  410: json(ErrorResponseSchema, `The poll has closed (its polling timeout, or the message timeout when it has none): "${RESPONSES_CLOSED}"`),
} as const;

export const RESPONSE_PAGE_API = {
  tag: 'Response page',
  description: 'The page a two-way SMS link opens: no sign-in, the token in the link its only key, limited per client address.',
  routes: {
    responsePage: {
      summary: 'The message a two-way link answers',
      description: 'The message, its options and whether this text has been answered.',
      responses: { 200: json(ResponsePageSchema, 'The message and its answers.') },
      errors: tokenErrors,
    },
    answerResponsePage: {
      summary: 'Answer a message through its two-way link',
      description:
        'Records the answer as the delivery\'s reply (`digit`: one of the options, with its text; `text`: the recipient\'s own words, for a message without options). The first answer stands.',
      body: AnswerResponsePageRequestSchema,
      responses: { 201: json(AnsweredResponsePageSchema, 'The answer recorded.') },
      errors: { ...tokenErrors, 409: json(ErrorResponseSchema, `Already answered: "${ALREADY_ANSWERED}"`) },
    },
  },
} as const satisfies ApiFeature<keyof typeof RESPONSE_PAGE_ROUTES>;

export type ResponsePageDto = z.infer<typeof ResponsePageSchema>;
export type AnswerResponsePageRequest = z.input<typeof AnswerResponsePageRequestSchema>;
export type AnsweredResponsePageDto = z.infer<typeof AnsweredResponsePageSchema>;
