import type { ProjectionDefinition } from '@beacon/projections';

/** The read models of the incidents calls. */
export const INCIDENTS_PROJECTIONS: ProjectionDefinition[] = [];
