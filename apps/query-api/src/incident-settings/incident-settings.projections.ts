import type { ProjectionDefinition } from '@beacon/projections';

/** The read models of the incident settings calls. */
export const INCIDENT_SETTINGS_PROJECTIONS: ProjectionDefinition[] = [];
