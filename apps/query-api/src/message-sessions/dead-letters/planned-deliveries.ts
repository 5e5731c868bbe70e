import { messageSessionPageStream, type MessageSessionPageQueued, type PlannedDelivery } from '@beacon/domain';
import type { CommandExecutor } from '@beacon/platform';

/** A delivery's id without its attempt: every attempt of one planned delivery shares it. */
export const plannedIdOf = (deliveryId: string) => deliveryId.slice(0, deliveryId.lastIndexOf('.'));

/**
 * The planned deliveries of a session's plan page, by their id without the attempt (a retried attempt
 * finds the delivery it was planned as). The page is the truth of where a delivery goes: a dead letter
 * never got an answer that would name its address.
 */
export async function plannedDeliveriesOf(executor: CommandExecutor, sessionId: string, page: number): Promise<ReadonlyMap<string, PlannedDelivery>> {
  const [queued] = await executor.readStreamOrEmpty(messageSessionPageStream(sessionId, page));
  const deliveries = (queued?.data as MessageSessionPageQueued['data'] | undefined)?.deliveries ?? [];
  return new Map(deliveries.map((delivery) => [plannedIdOf(delivery.deliveryId), delivery]));
}
