import type { ProjectionDefinition } from '@beacon/projections';
import { incidentsProjection } from './projections/incidents.projection';

/** The read models of the incidents calls. */
export const INCIDENTS_PROJECTIONS: ProjectionDefinition[] = [incidentsProjection];
