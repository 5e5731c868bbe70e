import { Inject, Injectable } from '@nestjs/common';
import { messageSessionStream } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';

/** Sessions whose organisation is remembered: a burst of callbacks for one broadcast reads its stream once. */
const REMEMBERED = 10_000;

/**
 * The organisation a message session belongs to, as its own stream says (the tenant of its first
 * event: scheduled or started). A provider's callback names a delivery, and so a session; the
 * organisation is never taken from the request.
 */
@Injectable()
export class SessionTenants {
  private readonly known = new Map<string, string>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The session's organisation, or undefined when there is no such session. */
  async of(sessionId: string): Promise<string | undefined> {
    const known = this.known.get(sessionId);
    if (known !== undefined) return known;
    let first;
    try {
      [first] = await this.eventStore.readStream(messageSessionStream(sessionId), { maxCount: 1 });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    const tenantId = first?.metadata.tenantId;
    if (typeof tenantId !== 'string' || tenantId === '') return undefined;
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(sessionId, tenantId);
    return tenantId;
  }
}

/**
 * The session a delivery id names: `<session>.<recipient>.<device>.<attempt>` (libs/domain
 * deliveryIdOf), or undefined for anything else.
 */
export function sessionOfDelivery(deliveryId: string): string | undefined {
  const parts = deliveryId.split('.');
  if (parts.length !== 4 || parts.some((part) => part === '') || !/^\d+$/.test(parts[3]!)) return undefined;
  return parts[0];
}
