import { hasAnswered, type RecipientDelivery } from './follow-up';
import { deliveryIdOf, type DeliveryChannel, type PlannedDelivery } from './message-session-page';

/** A device a person can be reached on, in the message's sequence order. */
export interface ReachableDevice {
  readonly deviceId: string;
  readonly channel: DeliveryChannel;
  readonly address: string;
}

/** The message's devices in sequence order: by their place (`position`, 1 first), ties in the order chosen. */
export const inSequenceOrder = <T extends { readonly position: number }>(devices: readonly T[]): T[] =>
  devices.map((device, index) => ({ device, index })).sort((a, b) => a.device.position - b.device.position || a.index - b.index).map(({ device }) => device);

/**
 * A sequence tries a person's devices one at a time, in the message's order, `sequence_time` apart,
 * and stops at their first answer (follow-up.ts `hasAnswered`: a reply, or a call picked up). Step 0
 * is the plan; step k is their (k+1)-th device of those they hold a value for. A person with fewer
 * devices, or who has answered, gets nothing more.
 */
export function sequenceStep(
  sessionId: string,
  recipientId: string,
  reachable: readonly ReachableDevice[],
  step: number,
  sentSoFar: readonly Pick<RecipientDelivery, 'status' | 'channel'>[],
): PlannedDelivery | null {
  if (step > 0 && hasAnswered(sentSoFar)) return null;
  const device = reachable[step];
  if (!device) return null;
  return { deliveryId: deliveryIdOf(sessionId, recipientId, device.deviceId), recipientId, deviceId: device.deviceId, channel: device.channel, address: device.address };
}
