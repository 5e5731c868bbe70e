/** The query of the admins' sending lists (dead letters, the simulator's outbox): a page, and a session or channel to show only. */
import { z } from 'zod';
import { described } from './api-schema';

export const SENDING_LIST_DEFAULT_PAGE_SIZE = 25;
export const SENDING_LIST_MAX_PAGE_SIZE = 100;
export const SENDING_CHANNELS = ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'] as const;

const wholeNumber = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error });

export const SendingListQuerySchema = z.object({
  page: described(wholeNumber(1, 999_999, 'A page is a whole number from 1.').optional(), 'The page, from 1 (default 1).'),
  page_size: described(
    wholeNumber(1, SENDING_LIST_MAX_PAGE_SIZE, `A page size is a whole number from 1 to ${SENDING_LIST_MAX_PAGE_SIZE}.`).optional(),
    `Entries per page, 1 to ${SENDING_LIST_MAX_PAGE_SIZE} (default ${SENDING_LIST_DEFAULT_PAGE_SIZE}).`,
  ),
  session: described(z.string().trim().min(1).max(200).optional(), "Only this session's entries (its id, the run_result task id)."),
  channel: described(z.enum(SENDING_CHANNELS, { error: `A channel is one of ${SENDING_CHANNELS.join(', ')}.` }).optional(), 'Only this channel.'),
});

export type SendingListQuery = z.output<typeof SendingListQuerySchema>;

/** A page of a list: how many in all, the next and previous page numbers (null at either end), the entries. */
export const pageOf = <T extends z.ZodType>(entries: T) =>
  z.object({ count: z.number().int(), next: z.number().int().nullable(), previous: z.number().int().nullable(), results: z.array(entries) });
