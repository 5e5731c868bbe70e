import { INCIDENTS_LIVE_RESOURCE, type IncidentDto, type LiveUpdate } from '@beacon/contracts';
import { useEffect, useRef } from 'react';

type LiveIncidentListener = (incident: IncidentDto) => void;

const listeners = new Set<LiveIncidentListener>();

/**
 * Incident live updates for the screens showing incidents. The app's one live socket (live-socket.ts) hands every
 * update it receives to {@link publishLiveUpdate}; those on resource 'incidents' carry the full
 * incident as it now stands and reach every listener here.
 */
export function publishLiveUpdate(update: LiveUpdate): void {
  if (update.resource !== INCIDENTS_LIVE_RESOURCE || !isIncident(update.data)) return;
  const incident = update.data;
  listeners.forEach((listener) => listener(incident));
}

export function subscribeToLiveIncidents(listener: LiveIncidentListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
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
