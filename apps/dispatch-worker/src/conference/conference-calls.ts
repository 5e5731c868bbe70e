import { Inject, Injectable } from '@nestjs/common';
import { messageSessionConferenceStream, type ConferenceCall, type MessageSessionConferencePrepared } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';

/** Sessions whose conference (or its absence) is remembered: a conference's calls and their answers read its stream once. */
const REMEMBERED = 10_000;

/** A session's conference, if it is one: what the providers ask before they call, and the conference route when a call answers. */
export type ConferenceLookup = (sessionId: string) => Promise<ConferenceCall | null>;

/**
 * The conference of a message session, as its planner wrote it (domain conference.ts) before queueing
 * any call: none for a session of another type. Both answers are remembered, since the stream is
 * written before the first call and never changes after.
 */
@Injectable()
export class ConferenceCalls {
  private readonly known = new Map<string, ConferenceCall | null>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  readonly of: ConferenceLookup = async (sessionId) => {
    if (this.known.has(sessionId)) return this.known.get(sessionId)!;
    let first;
    try {
      [first] = await this.eventStore.readStream(messageSessionConferenceStream(sessionId), { maxCount: 1 });
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const conference = first?.type === 'MessageSessionConferencePrepared' ? callOf(first.data as MessageSessionConferencePrepared['data']) : null;
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(sessionId, conference);
    return conference;
  };
}

const callOf = ({ sessionId, bridge, amd, liveMessage, amdMessage, recall }: MessageSessionConferencePrepared['data']): ConferenceCall => ({ sessionId, bridge, amd, liveMessage, amdMessage, recall });
