import { INCIDENTS_LIVE_RESOURCE, type IncidentDto, type LiveUpdate } from '@beacon/contracts';
import { useEffect, useRef } from 'react';
import { filter, map, Subject, type Observable } from 'rxjs';

type LiveIncidentListener = (incident: IncidentDto) => void;

/** Every live update the app's one live socket (live-socket.ts) receives, in the order it receives them. */
const liveUpdates = new Subject<LiveUpdate>();

/** The same updates, for screens that follow another resource (live-resource.ts). */
export const liveUpdates$: Observable<LiveUpdate> = liveUpdates.asObservable();

/** Incidents others (or this user elsewhere) change: updates on resource 'incidents' carry the whole incident as it now stands. */
export const liveIncidents$: Observable<IncidentDto> = liveUpdates.pipe(
  filter((update) => update.resource === INCIDENTS_LIVE_RESOURCE),
  map((update) => update.data),
  filter(isIncident),
);

/** The live socket hands each update here. */
export function publishLiveUpdate(update: LiveUpdate): void {
  liveUpdates.next(update);
}

export function subscribeToLiveIncidents(listener: LiveIncidentListener): () => void {
  const subscription = liveIncidents$.subscribe(listener);
  return () => subscription.unsubscribe();
}

/** Calls `onIncident` with each incident others (or this user elsewhere) change, while mounted. */
export function useLiveIncidents(onIncident: LiveIncidentListener): void {
  const latest = useRef(onIncident);
  useEffect(() => {
    latest.current = onIncident;
  });
  useEffect(() => subscribeToLiveIncidents((incident) => latest.current(incident)), []);
}

function isIncident(data: unknown): data is IncidentDto {
  if (typeof data !== 'object' || data === null) return false;
  const { id, state, version } = data as Record<string, unknown>;
  return typeof id === 'string' && typeof state === 'string' && typeof version === 'number';
}
