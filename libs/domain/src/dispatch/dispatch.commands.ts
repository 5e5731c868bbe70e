export interface ClaimDispatch {
  readonly type: 'ClaimDispatch';
  readonly data: { jobId: string; sessionId: string; workerId: string; now: string; leaseMs: number };
}

export interface RecordDispatchSubmitted {
  readonly type: 'RecordDispatchSubmitted';
  readonly data: { workerId: string; providerMessageId: string };
}

export type DispatchCommand = ClaimDispatch | RecordDispatchSubmitted;
