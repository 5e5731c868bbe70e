import type { ParkedEventDto } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import { SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';

/** Platform-wide documents (system tenant), each naming the tenant whose event it holds back. */
export const PARKED_EVENTS = 'parked_events';

/** Longest error text kept: enough to recognise the fault, never a whole stack. */
const MAX_ERROR_LENGTH = 500;

/** An event a projection could not apply: recorded, skipped by that projection only, retryable (fields: ParkedEventDto). */
export interface ParkedEventDocument extends Document, Omit<ParkedEventDto, 'id'> {
  /** The event's tenant (its root customer group), or the system tenant for platform events. */
  tenant_id: string;
}

export const parkedEventId = (projection: string, position: number): string => `${projection}@${position}`;

export function tenantOf(event: RecordedEvent): string {
  const tenant = event.metadata.tenantId;
  return typeof tenant === 'string' && tenant.length > 0 ? tenant : SYSTEM_TENANT;
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** The parked events of every projection, kept beside the read models they belong to. */
export class ParkedEvents {
  private readonly parked: Collection<ParkedEventDocument>;

  constructor(readStore: ReadStore) {
    this.parked = readStore.scope(SYSTEM_TENANT).collection<ParkedEventDocument>(PARKED_EVENTS);
  }

  /** Records the event as parked for the projection (again, if it was: the attempt is counted). */
  async park(projection: string, event: RecordedEvent, error: unknown, at: Date): Promise<ParkedEventDocument> {
    const id = parkedEventId(projection, event.position);
    const when = at.toISOString();
    const existing = await this.parked.findOne({ _id: id });
    const document: ParkedEventDocument = {
      _id: id,
      projection,
      position: event.position,
      tenant_id: tenantOf(event),
      stream: event.streamName,
      event_type: event.type,
      error: errorText(error),
      parked_at: existing?.parked_at ?? when,
      attempts: (existing?.attempts ?? 0) + 1,
      last_attempt_at: when,
      retry_requested: false,
    };
    await this.parked.upsert(document);
    return document;
  }

  /** A tenant's parked events, newest first. */
  async ofTenant(tenantId: string): Promise<ParkedEventDocument[]> {
    return this.parked.find({ tenant_id: tenantId }, { sort: { position: -1, projection: 1 } });
  }

  async find(id: string): Promise<ParkedEventDocument | null> {
    return this.parked.findOne({ _id: id });
  }

  /** Asks for a retry of one of the tenant's parked events; false when the tenant has no such event. */
  async requestRetry(tenantId: string, id: string): Promise<boolean> {
    const result = await this.parked.updateOne({ _id: id, tenant_id: tenantId }, { $set: { retry_requested: true } });
    return result.matched > 0;
  }

  /** The retries asked for among the given projections, oldest event first. */
  async retriesRequested(projections: readonly string[]): Promise<ParkedEventDocument[]> {
    if (!projections.length) return [];
    return this.parked.find({ projection: { $in: [...projections] }, retry_requested: true }, { sort: { position: 1 } });
  }

  /** The event applied at last: it is parked no more. */
  async resolve(id: string): Promise<void> {
    await this.parked.deleteOne({ _id: id });
  }

  /** Forgets a projection's parked events (its read model is being rebuilt from the start). */
  async clear(projection: string): Promise<void> {
    await this.parked.deleteMany({ projection });
  }
}
