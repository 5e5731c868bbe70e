import { CONFERENCE_DECLINE_DIGIT, CONFERENCE_JOIN_DIGIT } from '@beacon/domain';
import type { MessageDeliveryDocument } from '../shared/read-models/message-sessions.read-model';

/**
 * Under which key a delivery document counts in its session's progress: its status, except a voice reply of
 * a conference digit (`replied:1` joined, `replied:2` declined), which a conference session counts on its own.
 * A superseded attempt, or no document at all, counts nowhere.
 */
export function progressKeyOf(delivery: Pick<MessageDeliveryDocument, 'status' | 'superseded' | 'channel' | 'reply'> | null): string | null {
  if (!delivery || delivery.superseded) return null;
  if (delivery.status === 'replied' && delivery.channel === 'VOICE' && (delivery.reply === CONFERENCE_JOIN_DIGIT || delivery.reply === CONFERENCE_DECLINE_DIGIT)) {
    return `replied:${delivery.reply}`;
  }
  return delivery.status;
}

/** Counts moved by changes of delivery documents, each given as the keys it counted under before and after. */
export function countsAfter(counts: Readonly<Record<string, number>>, moves: readonly (readonly [string | null, string | null])[]): Record<string, number> {
  const next = { ...counts };
  for (const [before, after] of moves) {
    if (before === after) continue;
    if (before !== null) next[before] = (next[before] ?? 0) - 1;
    if (after !== null) next[after] = (next[after] ?? 0) + 1;
  }
  return next;
}
