import { ExpectedRevision, WrongExpectedRevisionError } from './event-store';

/** Whether a stream whose last revision is `current` (undefined: no events) meets `expected`, as EventStoreDB decides it. */
export function meetsExpectedRevision(expected: ExpectedRevision, current: number | undefined): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no-stream':
      return current === undefined;
    case 'stream-exists':
      return current !== undefined;
    default:
      return current === expected;
  }
}

export function assertExpectedRevision(streamName: string, expected: ExpectedRevision, current: number | undefined): void {
  if (!meetsExpectedRevision(expected, current)) {
    throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no-stream');
  }
}
