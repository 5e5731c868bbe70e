/** The channel simulator (simulator.routes.ts): the channels it sends and its outbox. */
import { z } from 'zod';
import type { SIMULATOR_ROUTES } from '../routes/simulator.routes';
import { described, json, named, type ApiFeature } from './api-schema';
import { SENDING_CHANNELS, SendingListQuerySchema, pageOf } from './sending-list-query';

export const SimulatorSchema = named(
  'Simulator',
  z.object({ channels: described(z.array(z.enum(SENDING_CHANNELS)), 'The channels the simulator sends instead of a real provider (empty: none).') }),
);

export const SimulatedMessageSchema = named(
  'SimulatedMessage',
  z.object({
    id: described(z.string(), 'The delivery: <session>.<recipient>.<device>.<attempt>.'),
    session_id: z.string(),
    message_name: described(z.string().nullable(), "The session's message (null when its session is not known here)."),
    channel: z.enum(SENDING_CHANNELS),
    address: z.string(),
    subject: z.string().nullable(),
    text: z.string(),
    sent_at: z.string(),
    outcome: described(
      z.enum(['sending', 'delivered', 'failed', 'replied', 'timed_out', 'unknown']),
      'What the simulated recipient did: sending until its report is recorded, then delivered, failed or replied.',
    ),
    reason: described(z.string().nullable(), 'Why it failed (simulated).'),
    reply: z.string().nullable(),
  }),
);

export const SimulatedMessagePageSchema = named('SimulatedMessagePage', pageOf(SimulatedMessageSchema), 'Newest first.');

export const SIMULATOR_API = {
  tag: 'Simulator',
  description: "The channel simulator, which records what would have been sent on the channels no real provider is configured for (admins only, the caller's organisation).",
  routes: {
    simulator: { summary: 'The channels the simulator sends', responses: { 200: json(SimulatorSchema, 'The simulated channels.') } },
    simulatorOutbox: {
      summary: "The simulator's outbox",
      description: 'What the simulator recorded as sent for the organisation, with what the simulated recipient did.',
      query: SendingListQuerySchema,
      responses: { 200: json(SimulatedMessagePageSchema, 'Newest first.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof SIMULATOR_ROUTES>;

export type SimulatorDto = z.output<typeof SimulatorSchema>;
export type SimulatedMessageDto = z.output<typeof SimulatedMessageSchema>;
export type SimulatedMessagePageDto = z.output<typeof SimulatedMessagePageSchema>;
