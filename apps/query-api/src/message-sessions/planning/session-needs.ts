import { QUOTA_CHANNELS, type ChannelCounts, type MessageSessionOrigin } from '@beacon/domain';
import { filterOf, recipientCountPlan, recipientCounts } from '../../shared/recipients/recipient-count-plan';
import type { ResolvedRecipients } from '../../shared/recipients/recipient-selection';
import { webhookDeliveries } from './session-plan';

/**
 * What a session will send on each channel a quota can limit, counted before it is planned: for each
 * of its devices, the people it chooses who hold a value for the device's field (the builder's count
 * of the same message, POST /api/scenario/get_recipients_count/), and one per Teams or Slack webhook.
 * A sequence counts every device of its people, as if each step went out: the most it can send.
 */
export async function sessionNeeds(origin: MessageSessionOrigin, resolved: ResolvedRecipients | null): Promise<ChannelCounts> {
  const needs: Record<string, number> = {};
  const add = (channel: string, count: number) => {
    if (count > 0 && (QUOTA_CHANNELS as readonly string[]).includes(channel)) needs[channel] = (needs[channel] ?? 0) + count;
  };
  for (const webhook of webhookDeliveries(origin)) add(webhook.channel, 1);
  if (resolved && resolved.devices.length) {
    const { included, subsets } = recipientCountPlan(resolved.criteria, resolved.counted.fields);
    const answer = included === false ? null : await resolved.counted.collection.countSubsets(filterOf(included), subsets.map(filterOf));
    const { withValue } = recipientCounts(resolved.criteria, answer);
    for (const device of resolved.devices) add(device.dispatch_type, withValue.get(device.field_id) ?? 0);
  }
  return needs as ChannelCounts;
}
