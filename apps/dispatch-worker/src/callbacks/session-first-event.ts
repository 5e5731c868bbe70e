import { messageSessionStream } from '@beacon/domain';
import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@beacon/event-store';

/** Sessions remembered at once: a broadcast's burst of callbacks reads its stream once. */
const REMEMBERED = 10_000;

/**
 * A message session's first event (scheduled or started): the message as it was sent and, in its
 * metadata, the session's organisation. Undefined when there is no such session. A callback names a
 * delivery, and so a session; what it needs of the session is read here, never taken from the request.
 */
export async function firstSessionEvent(eventStore: EventStore, sessionId: string): Promise<RecordedEvent | undefined> {
  try {
    const [first] = await eventStore.readStream(messageSessionStream(sessionId), { maxCount: 1 });
    return first;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return undefined;
    throw error;
  }
}

/** What is remembered of sessions, the oldest forgotten first past REMEMBERED. */
export class RememberedSessions<T> {
  private readonly known = new Map<string, T>();

  get(sessionId: string): T | undefined {
    return this.known.get(sessionId);
  }

  remember(sessionId: string, value: T): T {
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(sessionId, value);
    return value;
  }
}
