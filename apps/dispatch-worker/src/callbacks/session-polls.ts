import { Inject, Injectable } from '@nestjs/common';
import { pollingChoices, responseClosesAt, type MessageSessionOrigin, type PollingChoice } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { firstSessionEvent, RememberedSessions } from './session-first-event';

/** A session's poll: the choices its recipients answer with (none: the message asks nothing). */
export interface SessionPoll {
  readonly choices: readonly PollingChoice[];
  /** When the poll of a text sent at `sentAt` stops taking answers (the message's polling_timeout, else its message timeout). */
  closesAt(sentAt: string): number;
}

/**
 * The poll of a message session, as the message was when it was sent (its stream's first event,
 * scheduled or started, carries the message). A call, a texted digit and a simulated answer each name
 * a delivery, and so a session; the choices are never taken from the request.
 */
@Injectable()
export class SessionPolls {
  private readonly known = new RememberedSessions<SessionPoll>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The session's poll, or undefined when there is no such session. */
  async of(sessionId: string): Promise<SessionPoll | undefined> {
    const known = this.known.get(sessionId);
    if (known !== undefined) return known;
    const origin = (await firstSessionEvent(this.eventStore, sessionId))?.data as Partial<MessageSessionOrigin> | undefined;
    if (!origin?.scenario) return undefined;
    const { polling_timeout: pollingTimeout } = origin.scenario;
    // A session recorded without a message timeout keeps its poll open.
    const timeoutSeconds = origin.timeoutSeconds ?? Number.POSITIVE_INFINITY;
    return this.known.remember(sessionId, {
      choices: pollingChoices(origin.scenario.polling_options),
      closesAt: (sentAt) => responseClosesAt(sentAt, pollingTimeout, timeoutSeconds),
    });
  }
}
