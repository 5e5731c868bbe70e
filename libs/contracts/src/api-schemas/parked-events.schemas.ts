/** Parked events (parked-events.routes.ts): events a read model could not apply, for admins. */
import { z } from 'zod';
import type { PARKED_EVENTS_ROUTES } from '../routes/parked-events.routes';
import { described, json, named, type ApiFeature } from './api-schema';

export const ParkedEventSchema = named(
  'ParkedEvent',
  z.object({
    id: described(z.string(), '<read model>@<position>.'),
    projection: described(z.string(), 'The read model that could not apply the event.'),
    position: z.number().int(),
    stream: z.string(),
    event_type: z.string(),
    error: z.string(),
    parked_at: z.string(),
    attempts: z.number().int(),
    last_attempt_at: z.string(),
    retry_requested: z.boolean(),
  }),
);

export const ParkedEventListSchema = named('ParkedEventList', z.object({ data: z.array(ParkedEventSchema) }));
export const ParkedEventRetrySchema = named('ParkedEventRetry', z.object({ data: ParkedEventSchema }));

export const PARKED_EVENTS_API = {
  tag: 'Parked events',
  description: "Events a read model could not apply, set aside so that nothing else waits for them (admins only).",
  routes: {
    parkedEvents: { summary: "The organisation's parked events", responses: { 200: json(ParkedEventListSchema, 'Newest first.') } },
    retryParkedEvent: {
      summary: 'Retry a parked event',
      description: 'The read model applies it again on its next run; once applied it leaves the list.',
      responses: { 202: json(ParkedEventRetrySchema, 'The retry is asked for.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof PARKED_EVENTS_ROUTES>;
