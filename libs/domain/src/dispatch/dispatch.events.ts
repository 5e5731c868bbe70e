import type { DomainEvent } from '../shared/decider';

export const DISPATCH_EVENT_VERSIONS = {
  DispatchClaimed: 1,
  DispatchSubmitted: 1,
} as const;

/** A worker took the job and is about to call the channel provider. */
export type DispatchClaimed = DomainEvent<
  'DispatchClaimed',
  { jobId: string; sessionId: string; workerId: string; claimedAt: string }
>;

/** The provider accepted the message: the one result a job ever has. */
export type DispatchSubmitted = DomainEvent<
  'DispatchSubmitted',
  { jobId: string; sessionId: string; workerId: string; providerMessageId: string }
>;

export type DispatchEvent = DispatchClaimed | DispatchSubmitted;
