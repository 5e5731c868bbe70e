import type { LookupOutcome } from '../channel-provider';

/** How many of a number's newest messages or calls a lookup reads (one page). */
export const LOOKUP_PAGE_SIZE = 50;

/**
 * The newest of the resources a lookup listed that Twilio created within the window. Real Twilio
 * returns nothing of ours on a Message or Call (not the StatusCallback, and it takes no idempotency
 * key or tag on a create), so the listing's filters (to, from, for SMS the text) are the match. Two
 * deliveries of the same text to the same number within the window look alike: the caller treats a
 * found id already recorded for another delivery as not found.
 */
export function newestWithin(resources: readonly { sid: string; dateCreated: Date | null | undefined }[], since: number): LookupOutcome {
  const inWindow = resources.filter((resource) => resource.dateCreated instanceof Date && resource.dateCreated.getTime() >= since);
  inWindow.sort((a, b) => b.dateCreated!.getTime() - a.dateCreated!.getTime());
  const newest = inWindow[0];
  return newest ? { kind: 'found', providerMessageId: newest.sid } : { kind: 'not-found' };
}
