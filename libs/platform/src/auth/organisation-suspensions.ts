import { Inject, Injectable } from '@nestjs/common';
import { customerGroupDecider, customerGroupStream, foldEvents, type CustomerGroupEvent } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '../infrastructure/tokens';

export const ORGANISATION_SUSPENDED = "Your organisation's access has been suspended. Contact your service provider to restore it.";

/** How long an answer is kept: a suspension takes hold on every node within this (and a resume). */
export const SUSPENSION_CACHE_MS = 1_000;
/** Organisations remembered at once. */
const REMEMBERED = 10_000;

/**
 * Whether an organisation is suspended, as its root group's stream says (domain customer-group):
 * asked on every call with a token, every socket and every sign-in, so each answer is kept for
 * SUSPENSION_CACHE_MS. Read from the event store, which every process has, not a read model.
 */
@Injectable()
export class OrganisationSuspensions {
  private readonly known = new Map<string, { suspended: Promise<boolean>; until: number }>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  isSuspended(rootId: string, now = Date.now()): Promise<boolean> {
    const kept = this.known.get(rootId);
    if (kept && kept.until > now) return kept.suspended;
    const suspended = this.read(rootId);
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(rootId, { suspended, until: now + SUSPENSION_CACHE_MS });
    // A failed read is not kept: the next call asks the store again.
    suspended.catch(() => this.known.delete(rootId));
    return suspended;
  }

  private async read(rootId: string): Promise<boolean> {
    try {
      const events = await this.eventStore.readStream(customerGroupStream(rootId));
      const state = foldEvents(customerGroupDecider, events.map((event) => ({ type: event.type, data: event.data }) as CustomerGroupEvent));
      return state.status === 'active' && state.suspended;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return false;
      throw error;
    }
  }
}
