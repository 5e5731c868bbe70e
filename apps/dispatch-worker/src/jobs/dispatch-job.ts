/** One message to one recipient on one device, as the planner publishes it on the bus. */
export interface DispatchJob {
  /** Deterministic: (session, recipient, device, attempt). */
  readonly jobId: string;
  readonly tenantId: string;
  readonly sessionId: string;
  readonly recipientId: string;
  readonly channel: 'SMS' | 'VOICE' | 'EMAIL' | 'TEAMS' | 'SLACK' | 'PUSH';
  readonly address: string;
  readonly content: string;
}

export const DISPATCH_JOBS_TOPIC = 'dispatch-jobs';
export const DISPATCH_WORKERS_GROUP = 'dispatch-workers';
