import type { ParkedEventDocument, ProjectionDefinition } from '@beacon/projections';

/** The read models this process projects and serves (`readonly ProjectionDefinition[]`), given by the app's module. */
export const PROJECTIONS = Symbol('PROJECTIONS');

export type Projections = readonly ProjectionDefinition[];

/** Where a parked event is told to the organisation's admins (the activity log provides it). */
export const PARKED_EVENT_LOG = Symbol('PARKED_EVENT_LOG');

export interface ParkedEventLog {
  /** Records, for the event's organisation, that a read model set one of its events aside. */
  record(parked: ParkedEventDocument): Promise<void>;
}
