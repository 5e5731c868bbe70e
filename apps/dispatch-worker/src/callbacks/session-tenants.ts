import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { firstSessionEvent, RememberedSessions } from './session-first-event';

/**
 * The organisation a message session belongs to, as its own stream says (the tenant of its first
 * event: scheduled or started). A provider's callback names a delivery, and so a session; the
 * organisation is never taken from the request.
 */
@Injectable()
export class SessionTenants {
  private readonly known = new RememberedSessions<string>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The session's organisation, or undefined when there is no such session. */
  async of(sessionId: string): Promise<string | undefined> {
    const known = this.known.get(sessionId);
    if (known !== undefined) return known;
    const tenantId = (await firstSessionEvent(this.eventStore, sessionId))?.metadata.tenantId;
    if (typeof tenantId !== 'string' || tenantId === '') return undefined;
    return this.known.remember(sessionId, tenantId);
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
