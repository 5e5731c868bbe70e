import { Inject, Injectable } from '@nestjs/common';
import { messageSessionStream, pollingChoices, type MessageSessionOrigin, type PollingChoice } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';

/** Sessions whose poll is remembered: a broadcast's calls and answers read its stream once. */
const REMEMBERED = 10_000;

/** A session's poll: the choices its recipients answer with (none: the message asks nothing). */
export interface SessionPoll {
  readonly choices: readonly PollingChoice[];
}

/**
 * The poll of a message session, as the message was when it was sent (its stream's first event,
 * scheduled or started, carries the message). A call, a texted digit and a simulated answer each name
 * a delivery, and so a session; the choices are never taken from the request.
 */
@Injectable()
export class SessionPolls {
  private readonly known = new Map<string, SessionPoll>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The session's poll, or undefined when there is no such session. */
  async of(sessionId: string): Promise<SessionPoll | undefined> {
    const known = this.known.get(sessionId);
    if (known !== undefined) return known;
    let first;
    try {
      [first] = await this.eventStore.readStream(messageSessionStream(sessionId), { maxCount: 1 });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    const origin = first?.data as Partial<MessageSessionOrigin> | undefined;
    if (!origin?.scenario) return undefined;
    const poll: SessionPoll = { choices: pollingChoices(origin.scenario.polling_options) };
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(sessionId, poll);
    return poll;
  }
}
