import { evolveUserAccess, initialUserAccess, userStream, type UserAccess, type UserEvent } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';

interface Cached {
  /** Revision of the last event folded in. */
  readonly revision: number;
  readonly access: UserAccess;
}

const CAPACITY = 10_000;

/**
 * The current user of a token, from the user's own stream: the stream is the authority, so a role
 * change applies to the very next call on any node. Each process keeps the folded access per user
 * and reads only the events appended since (usually none: one indexed read).
 */
export class CurrentUsers {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly eventStore: EventStore) {}

  async access(userId: string): Promise<UserAccess> {
    const cached = this.cache.get(userId);
    const fromRevision = cached ? cached.revision + 1 : 0;
    const events = await this.newEvents(userId, fromRevision);
    if (!events.length) return cached?.access ?? initialUserAccess();
    const access = events.reduce(
      (state, event) => evolveUserAccess(state, { type: event.type, data: event.data } as UserEvent),
      cached?.access ?? initialUserAccess(),
    );
    const revision = events[events.length - 1]!.revision;
    const latest = this.cache.get(userId);
    if (!latest || latest.revision < revision) this.remember(userId, { revision, access });
    return access;
  }

  private async newEvents(userId: string, fromRevision: number) {
    try {
      return await this.eventStore.readStream(userStream(userId), { fromRevision });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /** Least recently refreshed users leave first once the cache is full. */
  private remember(userId: string, entry: Cached): void {
    this.cache.delete(userId);
    this.cache.set(userId, entry);
    if (this.cache.size > CAPACITY) this.cache.delete(this.cache.keys().next().value as string);
  }
}
